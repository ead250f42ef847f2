package pages

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// confirmLinkPage is a result_proposed e-mail's one-tap link (GET /confirm/{token}): a page
// with one button. A GET changes nothing; the button POSTs with the page's CSRF field. An
// unknown token is a 404 and a link whose window has closed a 410; a used link says what
// its confirmation did; a link to a proposal changed since lands on the game's page saying
// so.
func (h *Handler) confirmLinkPage(c echo.Context) error {
	ctx := c.Request().Context()
	link, err := h.Store.ConfirmLinkOf(ctx, c.Param("token"))
	if err != nil {
		return err
	}
	v, err := h.confirmLinkView(c, link)
	if err != nil {
		return err
	}
	switch {
	case link.UsedAt != nil:
		g, err := h.Store.ResultGame(ctx, link.GameID)
		if err != nil {
			return err
		}
		v.Message, err = h.confirmedMessage(ctx, link.GameID, g.Status == store.GameFinished)
		if errors.Is(err, store.ErrNotFound) {
			v.Message, err = locales.T(ctx, "confirmlink.confirmed"), nil
		}
		if err != nil {
			return err
		}
	case link.EndedRefusal(time.Now()) != nil:
		return echo.NewHTTPError(http.StatusGone, httpx.SayError(locales.From(ctx), link.EndedRefusal(time.Now())))
	default:
		if err := h.confirmLinkRecorded(ctx, link); err != nil {
			return err
		}
		p, err := h.Results.Proposal(ctx, link.GameID)
		if errors.Is(err, store.ErrNotFound) || err == nil && !p.ProposedAt.Equal(link.ProposedAt) {
			return h.confirmLinkChanged(c, v)
		}
		if err != nil {
			return err
		}
		g, err := h.Store.ResultGame(ctx, link.GameID)
		if err != nil {
			return err
		}
		v.Proposer = displayNames(g, []string{p.Proposer})[0]
		loc := time.UTC
		if l, err := time.LoadLocation(p.TimeZone); err == nil {
			loc = l
		}
		v.Closes, v.TimeZone = clockFor(p.TimeZone).showIn(locales.From(ctx), p.ClosesAt, p.TimeZone, gameDateFormat), loc.String()
		httpx.ShowsSecret(c) // the form's address is the link
	}
	return h.Render(c, http.StatusOK, templates.ConfirmLinkPage(h.Page(c, locales.T(ctx, "confirmlink.title")), v))
}

// confirmByLink confirms for the link's player (POST /confirm/{token}) the proposal the
// e-mail was sent for, and shows the link's page again saying what happened.
func (h *Handler) confirmByLink(c echo.Context) error {
	ctx := c.Request().Context()
	token := c.Param("token")
	link, err := h.Store.ConfirmLinkOf(ctx, token)
	if err != nil {
		return err
	}
	if ended := link.EndedRefusal(time.Now()); ended != nil {
		return echo.NewHTTPError(http.StatusGone, httpx.SayError(locales.From(ctx), ended))
	}
	if err := h.confirmLinkRecorded(ctx, link); err != nil {
		return err
	}
	gameID, _, err := h.Results.ConfirmByLink(ctx, token, time.Now())
	if errors.Is(err, store.ErrProposalChanged) {
		v, verr := h.confirmLinkView(c, link)
		if verr != nil {
			return verr
		}
		return h.confirmLinkChanged(c, v)
	}
	if err != nil {
		return httpx.ProposalError(err)
	}
	h.GameChanged(c, gameID)
	return c.Redirect(http.StatusSeeOther, "/confirm/"+token)
}

// confirmLinkRecorded is a 410 for an unused link whose game's result is recorded (by its
// organiser, or by the other players' confirmations): nothing is left to confirm.
func (h *Handler) confirmLinkRecorded(ctx context.Context, link store.ConfirmLink) error {
	g, err := h.Store.ResultGame(ctx, link.GameID)
	if err != nil {
		return err
	}
	if g.Status == store.GameFinished {
		return echo.NewHTTPError(http.StatusGone, "This link has ended: the game's result is recorded, so there is nothing left to confirm.")
	}
	return nil
}

// confirmLinkChanged answers a link whose proposal changed: a signed-in player lands on
// the game's page, which shows the new proposal, with the message; anyone else (the game's
// page asks them to sign in to answer) reads the message on the link's page.
func (h *Handler) confirmLinkChanged(c echo.Context, v templates.ConfirmLinkView) error {
	if _, signedIn := httpx.CurrentUser(c); signedIn {
		// What a confirm link says when the proposal it was sent for changed (or was
		// withdrawn) since: it confirms nothing.
		h.Flash(c, locales.T(c.Request().Context(), "confirmlink.changed"))
		return c.Redirect(http.StatusSeeOther, v.GameURL)
	}
	v.Message = locales.T(c.Request().Context(), "confirmlink.changed_signed_out")
	return h.Render(c, http.StatusOK, templates.ConfirmLinkPage(h.Page(c, locales.T(c.Request().Context(), "confirmlink.title")), v))
}

// confirmLinkView names the link's game and player.
func (h *Handler) confirmLinkView(c echo.Context, link store.ConfirmLink) (templates.ConfirmLinkView, error) {
	g, err := h.Store.ResultGame(c.Request().Context(), link.GameID)
	if err != nil {
		return templates.ConfirmLinkView{}, err
	}
	title := deskTitle(locales.From(c.Request().Context()), g.LeagueID, g.LeagueName, g.Number, g.Game.Slug, g.ID)
	return templates.ConfirmLinkView{Token: c.Param("token"), Title: title,
		GameURL: "/games/" + strconv.FormatInt(g.ID, 10), DisplayName: cmp.Or(link.DisplayName, link.Username)}, nil
}
