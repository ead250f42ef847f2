package httpx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/labstack/echo/v4"
)

// DecodeJSON reads the request body as one JSON object into v with go-json-experiment/json
// (the code behind encoding/json/v2), strictly: a key given twice ("name: given twice"),
// which a lenient decoder would decide by its last value, and a key v has no field for
// ("nme: unknown field"), which it would ignore, are refused: a misspelt field must not
// pass for an empty one (trust review 3, finding 6). Any other problem is a 400 whose
// message names the offending field where JSON says which it is.
func DecodeJSON(c echo.Context, v any) error {
	body, err := ReadJSON(c, "a JSON object")
	if err != nil {
		return err
	}
	if !utf8.Valid(body) {
		// Decoding would replace the invalid bytes with U+FFFD and store a changed text.
		return echo.NewHTTPError(http.StatusBadRequest, "body: must be valid UTF-8")
	}
	if bytes.Contains(body, []byte(`\u0000`)) {
		if field := nulField(body); field != "" {
			return echo.NewHTTPError(http.StatusBadRequest, field+": "+msgBadText)
		}
	}
	dec := jsontext.NewDecoder(bytes.NewReader(body))
	if err := jsonv2.UnmarshalDecode(dec, v, jsonv2.RejectUnknownMembers(true)); err != nil {
		return bodyError(err)
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return echo.NewHTTPError(http.StatusBadRequest, "body: expected a single JSON object")
	}
	return nil
}

// ReadJSON reads the request body, a JSON document the caller decodes strictly (DecodeJSON,
// or a result's scorer, scoring.Game.DecodeResult, which refuses keys given twice and
// unknown keys as DecodeJSON does and names each field as the scorer reads it): a body past
// the server's limit is a 413, an empty one (JSON's whitespace only) a 400 saying what is
// expected (want: "a JSON object").
func ReadJSON(c echo.Context, want string) ([]byte, error) {
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
	case len(bytes.Trim(body, " \t\r\n")) == 0: // JSON's whitespace only
		return nil, echo.NewHTTPError(http.StatusBadRequest, "body: empty; expected "+want)
	}
	return body, nil
}

// nulField names the first string of the JSON body, a member's name or a value, that
// holds a NUL (escaped as \u0000, valid JSON but no text Postgres stores), or "" when none
// does or the body is no JSON (the decoder then says why).
func nulField(body []byte) string {
	dec := jsontext.NewDecoder(bytes.NewReader(body))
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return ""
		}
		if tok.Kind() == '"' && strings.Contains(tok.String(), "\x00") {
			return fieldPath(dec.StackPointer())
		}
	}
}

// bodyError turns the decoder's refusal of a body into a 400 naming the field:
// "players_per_game: must be a JSON number", "body: malformed JSON".
func bodyError(err error) error {
	var (
		semantic  *jsonv2.SemanticError
		syntactic *jsontext.SyntacticError
	)
	switch {
	case errors.As(err, &syntactic) && errors.Is(err, jsontext.ErrDuplicateName):
		return echo.NewHTTPError(http.StatusBadRequest, fieldPath(syntactic.JSONPointer)+": given twice")
	case errors.As(err, &semantic) && errors.Is(err, jsonv2.ErrUnknownName):
		return echo.NewHTTPError(http.StatusBadRequest, fieldPath(semantic.JSONPointer)+": unknown field")
	case errors.As(err, &syntactic), errors.Is(err, io.ErrUnexpectedEOF):
		return echo.NewHTTPError(http.StatusBadRequest, "body: malformed JSON")
	case errors.As(err, &semantic) && semantic.GoType != nil:
		field := fieldPath(semantic.JSONPointer)
		kind := jsonKind(semantic.GoType)
		if semantic.JSONKind == '0' && kind == "number" {
			// A number that does not fit the field, such as 4.5 or 1e20 for a count.
			msg := field + ": must be a whole number in range"
			if got := semantic.JSONValue; len(got) > 0 && len(got) <= 24 {
				msg += ", got " + string(got)
			}
			return echo.NewHTTPError(http.StatusBadRequest, msg)
		}
		return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("%s: must be a JSON %s", field, kind))
	}
	return echo.NewHTTPError(http.StatusBadRequest, "body: "+err.Error())
}

// jsonKind names a Go type the way a JSON client thinks of it: an optional field's pointer
// is the value it points to.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch kind := t.Kind().String(); {
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

// fieldPath writes a JSON Pointer as the API names fields: "replaced.ada", "seats[2]"; the
// whole body is "body".
func fieldPath(p jsontext.Pointer) string {
	var b strings.Builder
	for tok := range p.Tokens() {
		if _, err := strconv.Atoi(tok); err == nil && tok != "" {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	if b.Len() == 0 {
		return "body"
	}
	return b.String()
}
