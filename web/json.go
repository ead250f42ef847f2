package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// decodeJSON reads the request body as one JSON object into v. Malformed input is a 400
// whose message names the offending field where JSON says which it is.
func decodeJSON(c echo.Context, v any) error {
	dec := json.NewDecoder(c.Request().Body)
	err := dec.Decode(v)
	var (
		typeErr   *json.UnmarshalTypeError
		syntaxErr *json.SyntaxError
		tooBig    *http.MaxBytesError
		httpErr   *echo.HTTPError
	)
	switch {
	case err == nil:
		if dec.More() {
			return echo.NewHTTPError(http.StatusBadRequest, "body: expected a single JSON object")
		}
		return nil
	case errors.Is(err, io.EOF):
		return echo.NewHTTPError(http.StatusBadRequest, "body: empty; expected a JSON object")
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("%s: must be a JSON %s", field, jsonKind(typeErr.Type.Kind().String())))
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return echo.NewHTTPError(http.StatusBadRequest, "body: malformed JSON")
	case errors.As(err, &tooBig):
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge, "body: too large")
	case errors.As(err, &httpErr): // echo's body limit
		return httpErr
	}
	return echo.NewHTTPError(http.StatusBadRequest, "body: "+err.Error())
}

// jsonKind names a Go kind the way a JSON client thinks of it.
func jsonKind(kind string) string {
	switch {
	case kind == "string":
		return "string"
	case kind == "bool":
		return "boolean"
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"), strings.HasPrefix(kind, "float"):
		return "number"
	case kind == "slice" || kind == "array":
		return "array"
	}
	return "object"
}
