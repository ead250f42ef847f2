package pages

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// manageLeaguePage is the organiser's page for a league (GET /leagues/{id}/manage): edit,
// members, co-organisers, ending the league, and its history.
func (h *Handler) manageLeaguePage(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	v, err := h.manageView(c, id)
	if err != nil {
		return err
	}
	if r, ok := h.PopRefusal(c); ok {
		v.Error, v.ErrorForm, v.Typed = r.Message, r.Form, map[string]string{}
		if r.Form != "" {
			v.Failed, v.FailedForm = notSaved(c), r.Form
		}
		for k := range r.Values {
			v.Typed[k] = r.Values.Get(k)
		}
	}
	return h.Render(c, http.StatusOK, templates.ManageLeague(h.manageTitle(c, v), v))
}

// manageView gathers the manage page; only the organiser and co-organisers may see it.
func (h *Handler) manageView(c echo.Context, id int64) (templates.ManageView, error) {
	ctx := c.Request().Context()
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	l, err := h.Store.League(ctx, id)
	if err != nil {
		return templates.ManageView{}, err
	}
	role, err := h.Leagues.Role(ctx, id, user.ID)
	if err != nil {
		return templates.ManageView{}, err
	}
	if role < store.RoleCoOrganiser {
		return templates.ManageView{}, store.ErrNotManager
	}
	members, err := h.Store.Members(ctx, id)
	if err != nil {
		return templates.ManageView{}, err
	}
	co, err := h.Store.CoOrganisers(ctx, id)
	if err != nil {
		return templates.ManageView{}, err
	}
	events, err := h.Store.LeagueEvents(ctx, id)
	if err != nil {
		return templates.ManageView{}, err
	}
	v := templates.ManageView{
		League: summarise(l), IsOrganiser: role == store.RoleOrganiser, CoOrganisers: co,
		Edit: templates.EditForm{Name: l.Name, Description: l.Description, Venue: l.Venue, TimeZone: l.TimeZone, Edition: l.Edition,
			Errors: templates.FieldErrors{}},
		History: historyViews(locales.From(ctx), events, l.TimeZone), TimeZone: l.TimeZone, TimeZones: httpx.TimeZones(l.TimeZone),
		Results: resultsSettingView(l.ResultsBy, l.ConfirmHours),
		Activity: templates.ActivityForm{MinRecentGames: strconv.Itoa(l.MinRecentGames), RecentDays: strconv.Itoa(l.RecentDays),
			Errors: templates.FieldErrors{}},
		Size: templates.SizeForm{Players: strconv.Itoa(l.Players), GamesPerPlayer: strconv.Itoa(l.Format().GamesEach()),
			Errors: templates.FieldErrors{}},
		Reopenable: role == store.RoleOrganiser && reopenable(l, events, time.Now()),
	}
	if l.FirstRoundAt != nil && l.RoundEveryDays != nil {
		v.FirstRound = l.FirstRoundAt.In(l.Location()).Format(league.LocalDateTime)
		v.EveryDays = strconv.Itoa(*l.RoundEveryDays)
	}
	for _, m := range members {
		v.Members = append(v.Members, templates.MemberView{Slot: m.Slot, Username: m.Username, DisplayName: m.DisplayName,
			IsViewer: m.UserID == user.ID})
	}
	if v.Recorded, err = h.Store.RecordedResults(ctx, l.ID); err != nil {
		return templates.ManageView{}, err
	}
	if err := h.privacyView(c, l, &v); err != nil {
		return templates.ManageView{}, err
	}
	if err := h.webhooksView(c, l, &v); err != nil {
		return templates.ManageView{}, err
	}
	if v.InviteURL != "" || len(v.Webhooks) > 0 {
		httpx.ShowsSecret(c) // whichever page shows the view: the manage page, a refused form
	}
	return v, nil
}

// notSaved is the manage page's top line after a refused form, whose refusal shows beside
// its field (issue #34: at the top that something failed, beside the field what).
func notSaved(c echo.Context) string { return locales.T(c.Request().Context(), "manage.not_saved") }

// manageTitle is the manage page's frame, titled "Manage Tuesday league" in the viewer's
// language.
func (h *Handler) manageTitle(c echo.Context, v templates.ManageView) templates.Page {
	return h.Page(c, locales.T(c.Request().Context(), "manage.page_title", map[string]any{"League": v.League.Name}))
}

// afterManageAction goes back to the manage page after a form's action (Post/Redirect/Get,
// issue #24): on success with the change confirmed at the top of the page (the league
// history's newest line, which every action writes); on a refusal to the top of the page,
// which says the form was not saved, with the refusal beside the form and the values typed
// kept, so a reload never posts again nor lands on a POST-only address (no anchor: a jump to
// the form would hide the top line, issue #34). Role refusals and failures go to the error
// page.
func (h *Handler) afterManageAction(c echo.Context, id int64, err error) error {
	section := manageSection(c.Request().URL.Path)
	manage := "/leagues/" + strconv.FormatInt(id, 10) + "/manage"
	if err == nil {
		h.Flash(c, h.lastChange(c, id))
		return c.Redirect(http.StatusSeeOther, manage)
	}
	if !isRefusal(err) {
		return err
	}
	field, msg := splitField(refusalMessage(err))
	if id, ok := manageFieldLabels[field]; ok && id != "" {
		msg = locales.T(c.Request().Context(), id) + ": " + msg
	}
	values, _ := c.FormParams()
	msg = h.inPeoplesWords(c, msg, values.Get("to"), values.Get("username"), values.Get("from"))
	kept := url.Values{}
	for k, v := range values {
		if k != "_csrf" && k != "password" {
			kept[k] = v
		}
	}
	h.KeepRefusal(c, httpx.KeptRefusal{Form: section, Field: field, Message: httpx.Sentence(msg), Values: kept})
	return c.Redirect(http.StatusSeeOther, manage)
}

// manageSection is the id of the manage page's section holding the form that posts to path
// (/leagues/{id}/replace → "replace").
func manageSection(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	// /leagues/{id}/{action}[/...]: the action names the form.
	if len(parts) < 3 {
		return "manage"
	}
	switch parts[2] {
	case "remove":
		return "members"
	case "rhythm", "move":
		return "dates"
	case "invite":
		return "privacy"
	}
	return parts[2]
}

// manageFieldLabels are the message ids naming the manage page's fields in a refusal shown
// beside its form; a form of one field (a username, a box to tick) needs no name.
var manageFieldLabels = map[string]string{
	"first_round": "manage.first_round", "every_days": "manage.field.every_days", "number": "manage.field.number",
	"starts_at": "manage.field.date", "place": "manage.place", "to": "", "from": "", "username": "", "confirm": "",
	"private": "", "url": "manage.field.address", "format": "manage.format",
}

// lastChange is the league history's newest line by the signed-in user, to confirm the
// action that wrote it; "Saved." when there is none.
func (h *Handler) lastChange(c echo.Context, id int64) string {
	user, ok := httpx.CurrentUser(c)
	if !ok {
		return ""
	}
	ctx := c.Request().Context()
	es, err := h.Store.LeagueEvents(ctx, id)
	l := locales.From(ctx)
	if err != nil || len(es) == 0 || es[0].Username != user.Username {
		return l.T("manage.saved")
	}
	lg, err := h.Store.League(ctx, id)
	if err != nil {
		return l.T("manage.saved")
	}
	return l.T("manage.done", map[string]any{"Detail": historyDetail(l, es[0], clockFor(lg.TimeZone), lg.TimeZone)})
}

// isRefusal reports whether err is a refusal to show the user (a clash or a bad name)
// rather than a failure.
func isRefusal(err error) bool {
	var invalid *store.Invalid
	return errors.Is(err, store.ErrConflict) || errors.As(err, &invalid)
}

// refusalMessage is the user-facing message of a refusal.
func refusalMessage(err error) string {
	_, msg := httpx.Classify(err)
	return msg
}

// splitField splits a refusal "to: bruno already plays in this league" into the field it
// concerns and what is wrong; a message without a field path comes back whole.
func splitField(msg string) (string, string) {
	field, rest, ok := strings.Cut(msg, ": ")
	if !ok || field == "" || strings.ContainsAny(field, " ,") {
		return "", msg
	}
	return field, rest
}

// inPeoplesWords names people in a refusal as the pages do: a username typed in the form
// ("bruno already plays in this league") becomes its display name ("Bruno Faidutti
// already plays in this league").
func (h *Handler) inPeoplesWords(c echo.Context, msg string, usernames ...string) string {
	for _, name := range usernames {
		name = strings.TrimSpace(name)
		if name == "" || !strings.Contains(msg, name) {
			continue
		}
		u, err := h.Store.UserByUsername(c.Request().Context(), name)
		if err != nil {
			continue
		}
		msg = replaceWord(msg, name, u.DisplayName)
	}
	return msg
}

// replaceWord replaces word in s where it stands alone (not inside another word or a quoted
// name), so "ada" in "adam" stays.
func replaceWord(s, word, with string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, word)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		before, after := s[:i], s[i+len(word):]
		alone := (before == "" || strings.HasSuffix(before, " ")) &&
			(after == "" || strings.HasPrefix(after, " ") || strings.HasPrefix(after, ",") || strings.HasPrefix(after, ";"))
		b.WriteString(before)
		if alone {
			b.WriteString(with)
		} else {
			b.WriteString(word)
		}
		s = after
	}
}
