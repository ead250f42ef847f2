package httpx

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

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
