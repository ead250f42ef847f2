package httpx

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// errNoProposal answers a proposal route of a game where none stands.
var errNoProposal = echo.NewHTTPError(http.StatusNotFound, "proposal: none stands for this game")

// ProposalError maps a proposal refusal: no proposal is a 404 naming it; the rest go to
// resultError and the central handler (403, 409, 422).
func ProposalError(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return errNoProposal.SetInternal(err)
	}
	return ResultError(err)
}

// Propose checks body against the game's seats, as a result is checked, and stores it as
// userID's proposal: the API's and the result form's one way in.
func (h *Server) Propose(c echo.Context, gameID, userID int64, body []byte) (store.Proposal, error) {
	ctx := c.Request().Context()
	g, err := h.Store.ResultGame(ctx, gameID)
	if err != nil {
		return store.Proposal{}, err
	}
	// Refuse the wrong person or state before judging the body; the store asks again
	// under the game's lock.
	if err := service.MayPropose(g, userID); err != nil {
		return store.Proposal{}, err
	}
	w, err := g.CheckBody(userID, body)
	if err != nil {
		return store.Proposal{}, ResultError(err)
	}
	p, err := h.Results.Propose(ctx, w)
	if err != nil {
		return store.Proposal{}, ResultError(err)
	}
	h.GameChanged(c, gameID)
	return p, nil
}
