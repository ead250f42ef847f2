package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
)

// decodeJSON reads the request body as one JSON object into v. Malformed input is a 400
// whose message names the offending field where JSON says which it is.
func decodeJSON(c echo.Context, v any) error {
	var (
		typeErr   *json.UnmarshalTypeError
		syntaxErr *json.SyntaxError
		tooBig    *http.MaxBytesError
		httpErr   *echo.HTTPError
	)
	body, err := io.ReadAll(c.Request().Body)
	switch {
	case errors.As(err, &tooBig):
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge, "body: too large")
	case errors.As(err, &httpErr): // echo's body limit
		return httpErr
	case err != nil:
		return fmt.Errorf("web: read body: %w", err)
	case !utf8.Valid(body):
		// Decoding would replace the invalid bytes with U+FFFD and store a changed text.
		return echo.NewHTTPError(http.StatusBadRequest, "body: must be valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	err = dec.Decode(v)
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
		kind := jsonKind(typeErr.Type.Kind().String())
		if got, ok := strings.CutPrefix(typeErr.Value, "number "); ok && kind == "number" {
			// A number that does not fit the field, such as 4.5 or 1e20 for a count.
			msg := field + ": must be a whole number in range"
			if len(got) <= 24 {
				msg += ", got " + got
			}
			return echo.NewHTTPError(http.StatusBadRequest, msg)
		}
		return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("%s: must be a JSON %s", field, kind))
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return echo.NewHTTPError(http.StatusBadRequest, "body: malformed JSON")
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
