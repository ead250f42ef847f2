package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiProposalView is a proposal as the API shows it (CONTRACT section 8): "proposer",
// "input", "confirmed", "waiting" and "disputed" (null, or who, why and when), with its
// "revision" (a confirmation or dispute may name it, and is refused once it has changed)
// and when its confirmation window closes.
type apiProposalView struct {
	GameID     int64           `json:"game_id"`
	Proposer   string          `json:"proposer"`
	Input      json.RawMessage `json:"input"`
	Confirmed  []string        `json:"confirmed"`
	Waiting    []string        `json:"waiting"`
	Disputed   *apiDispute     `json:"disputed"`
	Revision   int             `json:"revision"`
	ProposedAt time.Time       `json:"proposed_at"`
	ClosesAt   time.Time       `json:"closes_at"`
}

// apiDispute is a proposal's dispute.
type apiDispute struct {
	By     string    `json:"by"`
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// apiProposalOf is a stored proposal as the API shows it.
func apiProposalOf(p service.Proposal) apiProposalView {
	out := apiProposalView{GameID: p.GameID, Proposer: p.Proposer, Input: p.Input, Revision: p.Revision,
		Confirmed: nonNil(p.Confirmed), Waiting: nonNil(p.Waiting), ProposedAt: p.ProposedAt, ClosesAt: p.ClosesAt}
	if p.DisputedAt != nil {
		out.Disputed = &apiDispute{By: p.DisputedBy, Reason: p.DisputeReason, At: *p.DisputedAt}
	}
	return out
}

// nonNil is s, or an empty list for nil (JSON [] rather than null).
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// apiProposal shows the game's proposal: GET /api/v1/games/{id}/proposal → 200, 404 when none.
func (h *Handler) apiProposal(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if _, err := h.Store.Game(ctx, id); err != nil {
		return err
	}
	p, err := h.Results.Proposal(ctx, id)
	if err != nil {
		return httpx.ProposalError(err)
	}
	return c.JSON(http.StatusOK, apiProposalOf(p))
}

// apiPropose is a seated player proposing the game's result: POST
// /api/v1/games/{id}/proposal with a result body (CONTRACT section 4) → 201 with the
// proposal. The proposer's second POST changes it and restarts the confirmations. 403 for
// anyone not seated or where only organisers enter results, 409 once recorded or while
// another player's proposal stands, 400/422 for a body the scorer refuses.
func (h *Handler) apiPropose(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	body, err := readResultBody(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	p, err := h.Results.ProposeBody(c.Request().Context(), id, user.ID, body)
	if err != nil {
		return httpx.ResultError(err)
	}
	h.GameChanged(c, id)
	return c.JSON(http.StatusCreated, apiProposalOf(p))
}

// apiWithdrawProposal is the proposer taking back their proposal: DELETE
// /api/v1/games/{id}/proposal → 204; 403 for anyone else, 404 when none stands.
func (h *Handler) apiWithdrawProposal(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Results.Withdraw(c.Request().Context(), id, user.ID); err != nil {
		return httpx.ProposalError(err)
	}
	h.GameChanged(c, id)
	return c.NoContent(http.StatusNoContent)
}

// answerBody is a confirmation's or dispute's optional body: the revision of the proposal
// read (0 or absent: the current one) and a dispute's reason.
type answerBody struct {
	Revision int    `json:"revision"`
	Reason   string `json:"reason"`
}

// readAnswer reads an answer's body; an empty body is an answer to the current revision.
func readAnswer(c echo.Context) (answerBody, error) {
	var a answerBody
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return a, echo.NewHTTPError(http.StatusRequestEntityTooLarge, "body: too large")
		}
		return a, err
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return a, nil
	}
	c.Request().Body = io.NopCloser(bytes.NewReader(raw))
	if err := httpx.DecodeJSON(c, &a); err != nil {
		return a, err
	}
	if a.Revision < 0 {
		return a, echo.NewHTTPError(http.StatusUnprocessableEntity, "revision: must be the proposal's revision (1 or more)")
	}
	return a, nil
}

// apiConfirmProposal is a seated player confirming the game's proposal: POST
// /api/v1/games/{id}/proposal/confirm ({"revision"} optional) → 200 {"recorded"}: true
// when it was the last confirmation and the result is recorded.
func (h *Handler) apiConfirmProposal(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	a, err := readAnswer(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	recorded, err := h.Results.Confirm(c.Request().Context(), id, user.ID, a.Revision)
	if err != nil {
		return httpx.ProposalError(err)
	}
	h.GameChanged(c, id)
	return c.JSON(http.StatusOK, map[string]bool{"recorded": recorded})
}

// apiDisputeProposal is a seated player disputing the game's proposal: POST
// /api/v1/games/{id}/proposal/dispute {"reason", "revision"?} → 200 with the proposal. The
// game waits on the organisers' desks, the proposal beside it.
func (h *Handler) apiDisputeProposal(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	a, err := readAnswer(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	ctx := c.Request().Context()
	if err := h.Results.Dispute(ctx, id, user.ID, a.Reason, a.Revision); err != nil {
		return httpx.ProposalError(err)
	}
	h.GameChanged(c, id)
	p, err := h.Results.Proposal(ctx, id)
	if err != nil {
		return httpx.ProposalError(err)
	}
	return c.JSON(http.StatusOK, apiProposalOf(p))
}
