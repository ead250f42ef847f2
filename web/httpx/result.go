package httpx

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
)

// ResultError maps a refused result write to its HTTP error: 400 for a body that is not
// JSON, 422 for a result the scorer or the seats refuse (naming the field). Anyone but the
// organiser (403), conflicts (409) and not-found (404) go to the central handler.
func ResultError(err error) error {
	var fe *scoring.FieldError
	switch {
	case errors.As(err, &fe) && fe.Field == "input":
		return echo.NewHTTPError(http.StatusBadRequest, "body"+fe.Error()[len("input"):]).SetInternal(err)
	case errors.As(err, &fe):
		// Every problem of the body at once ("a: ...; b: ..."), the first first.
		msg := fe.Error()
		if all := scoring.AllFieldErrors(err); len(all) > 1 {
			msg = scoring.FieldErrors(all).Error()
		}
		// The problems stay inside, so that a page can say them in its reader's language.
		return echo.NewHTTPError(http.StatusUnprocessableEntity, msg).SetInternal(err)
	}
	return err
}
