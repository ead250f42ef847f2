package httpx

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/strictjson"
)

// DecodeJSON reads the request body, one JSON object, into v through strictjson, the one
// strict reader of every JSON input (the scorers' too): a key given twice ("name: given
// twice"), which a lenient decoder would decide by its last value, and a key v has no field
// for ("nme: unknown field (want name, game)"), which it would ignore, are refused: a
// misspelt field must not pass for an empty one (trust review 3, finding 6). Every problem is
// a 400 naming its field, "body" for the whole body; a string holding a NUL, valid JSON but
// no text Postgres stores, is refused too.
func DecodeJSON(c echo.Context, v any) error {
	body, err := ReadJSON(c)
	if err != nil {
		return err
	}
	if strictjson.Valid(body) { // else strictjson says where it is not JSON
		if field, found := strictjson.StringField(body, func(quoted []byte) bool {
			return bytes.Contains(quoted, []byte(`\u0000`)) && strings.Contains(strictjson.Unquote(quoted), "\x00")
		}); found {
			return echo.NewHTTPError(http.StatusBadRequest, cmp.Or(field, "body")+": "+msgBadText)
		}
	}
	if err := strictjson.Unmarshal(body, v); err != nil {
		return bodyProblem(err)
	}
	return nil
}

// bodyProblem is strictjson's refusal of a request body as a 400 naming the field, "body"
// for the whole body: "players_per_game: must be a number, got a string".
func bodyProblem(err error) error {
	var se *strictjson.Error
	if !errors.As(err, &se) {
		return err
	}
	return echo.NewHTTPError(http.StatusBadRequest, cmp.Or(se.Field, "body")+": "+se.Problem)
}

// ReadJSON reads the request body, a JSON document the caller reads strictly (DecodeJSON,
// or a result's scorer, scoring.Game.DecodeResult, which goes through strictjson as
// DecodeJSON does and names each field as the scorer reads it): a body past the server's
// limit is a 413.
func ReadJSON(c echo.Context) ([]byte, error) {
	var (
		tooBig  *http.MaxBytesError
		httpErr *echo.HTTPError
	)
	body, err := io.ReadAll(c.Request().Body)
	switch {
	case errors.As(err, &tooBig):
		return nil, echo.NewHTTPError(http.StatusRequestEntityTooLarge, "body: too large")
	case errors.As(err, &httpErr): // echo's body limit
		return nil, httpErr
	case err != nil:
		return nil, fmt.Errorf("web: read body: %w", err)
	}
	return body, nil
}
