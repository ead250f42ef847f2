package httpx

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsonBody is a body of every kind of field the API's bodies have.
type jsonBody struct {
	Name    string                     `json:"name"`
	Count   int                        `json:"count"`
	Limit   *int                       `json:"limit"`
	On      *bool                      `json:"on"`
	Bots    []string                   `json:"bots"`
	Raw     json.RawMessage            `json:"raw"`
	Options map[string]json.RawMessage `json:"options"`
	jsonEmbedded
}

// jsonEmbedded is embedded in jsonBody: its fields are the body's own.
type jsonEmbedded struct {
	Hours *int `json:"hours"`
}

func TestDecodeJSON(t *testing.T) {
	t.Parallel()
	e := echo.New()
	decode := func(body string) (jsonBody, error) {
		var v jsonBody
		c := e.NewContext(httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body)), httptest.NewRecorder())
		return v, DecodeJSON(c, &v)
	}

	v, err := decode(` {"name":"Ada","count":3,"limit":null,"on":true,"bots":["a"],"raw":{"x":[1]},"options":{"k":2},"hours":4} `)
	require.NoError(t, err)
	assert.Equal(t, "Ada", v.Name)
	assert.Equal(t, 3, v.Count)
	assert.Nil(t, v.Limit)
	require.NotNil(t, v.On)
	assert.True(t, *v.On)
	assert.Equal(t, []string{"a"}, v.Bots)
	assert.JSONEq(t, `{"x":[1]}`, string(v.Raw))
	assert.JSONEq(t, `2`, string(v.Options["k"]))
	require.NotNil(t, v.Hours)
	assert.Equal(t, 4, *v.Hours)
	v, err = decode(`{"name":"A\\u0000"}`) // an escaped backslash, then text: no NUL
	require.NoError(t, err)
	assert.Equal(t, `A\u0000`, v.Name)

	for _, tc := range []struct {
		body, want string
	}{
		{`{"nme":"Ada"}`, "nme: unknown field (want name, count, limit, on, bots, raw, options, hours)"},
		{`{"name":"Ada","name":"Bea"}`, "name: given twice"},
		{`{"options":{"k":1,"k":2}}`, "options.k: given twice"},
		{`{"hours":1,"hours":2}`, "hours: given twice"},
		{`{"Name":"Ada"}`, "Name: unknown field (want name, count, limit, on, bots, raw, options, hours)"},
		{`{"count":7,"admin":true}`, "admin: unknown field (want name, count, limit, on, bots, raw, options, hours)"},
		{`{"name":7}`, "name: must be a string, got a number"},
		{`{"limit":"x"}`, "limit: must be a number, got a string"},
		{`{"on":1}`, "on: must be true or false, got a number"},
		{`{"bots":"a"}`, "bots: must be an array, got a string"},
		{`{"bots":[1]}`, "bots[0]: must be a string, got a number"},
		{`{"options":[]}`, "options: must be an object, got an array"},
		{`{"count":4.5}`, "count: must be a whole number, got 4.5"},
		{`{"limit":1e20}`, "limit: number 1e20 out of range"},
		{`{"count":` + strings.Repeat("9", 30) + `}`, "count: number out of range"},
		{`[1]`, "body: must be an object, got an array"},
		{``, "body: empty, want a JSON object"},
		{" \n\t", "body: empty, want a JSON object"},
		{`{"name":`, "body: malformed JSON at line 1, column 9: unexpected end of JSON input"},
		{`{"name" "Ada"}`, `body: malformed JSON at line 1, column 9: invalid character '"' after object key`},
		{`{"name":"Ada"} {}`, "body: malformed JSON at line 1, column 16: invalid character '{' after top-level value"},
		{`{"name":"Ada"} x`, "body: malformed JSON at line 1, column 16: invalid character 'x' after top-level value"},
		{`{"name":"A` + "\xff" + `"}`, "name: must be valid UTF-8"},
		{`{"name":"A\u0000"}`, "name: " + msgBadText},
		{`{"options":{"k\u0000":1}}`, `options."k\x00": ` + msgBadText},
	} {
		_, err := decode(tc.body)
		var he *echo.HTTPError
		require.True(t, errors.As(err, &he), "%q: %v", tc.body, err)
		assert.Equal(t, http.StatusBadRequest, he.Code, tc.body)
		assert.Equal(t, tc.want, he.Message, tc.body)
	}
}
