package httpx

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
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

// ResultsSetting is who enters results and the confirmation window as the API takes them
// (CONTRACT section 8): on a league's creation and edit, and on a normal game's creation.
type ResultsSetting struct {
	ResultsBy    *string `json:"results_by"`
	ConfirmHours *int    `json:"confirm_hours"`
}

// Values returns the setting given ("" and 0 where not given: the defaults, or no change)
// and adds a message per wrong field to errs.
func (r ResultsSetting) Values(errs templates.FieldErrors) (string, int) {
	var by string
	var hours int
	if r.ResultsBy != nil {
		if by = *r.ResultsBy; by == "" {
			errs["results_by"] = ResultsByProblem
		}
	}
	if r.ConfirmHours != nil {
		if hours = *r.ConfirmHours; hours == 0 {
			errs["confirm_hours"] = ConfirmHoursProblem
		}
	}
	ValidateResultsSetting(by, hours, errs)
	return by, hours
}

// Messages of a wrong results setting.
const (
	ResultsByProblem    = `must be "organisers" (only the organisers enter results) or "players" (players report, the table confirms)`
	ConfirmHoursProblem = "must be a whole number of hours from 1 to 336 (two weeks)"
)

// ValidateResultsSetting adds a message per wrong field of a results setting to errs; ""
// and 0 stand for the defaults.
func ValidateResultsSetting(resultsBy string, hours int, errs templates.FieldErrors) {
	if resultsBy != "" && resultsBy != store.ResultsByOrganisers && resultsBy != store.ResultsByPlayers {
		errs["results_by"] = ResultsByProblem
	}
	if hours != 0 && (hours < 1 || hours > store.MaxConfirmHours) {
		errs["confirm_hours"] = ConfirmHoursProblem
	}
}
