package strictjson

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMalformedSaysWhereInEncodingJSONsWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ input, want string }{
		// The scorers' own examples (score_test.go) first.
		{`{"players":[`, "line 1, column 13: unexpected end of JSON input"},
		{"{\"players\":[\n  {\"id\":\"A\",\"score\":1},\n]}", "line 3, column 1: invalid character ']' looking for beginning of value"},
		{`{"a":1} {}`, "line 1, column 9: invalid character '{' after top-level value"},
		{`{"a" 1}`, "line 1, column 6: invalid character '1' after object key"},
		{`{"a":1 "b":2}`, "line 1, column 8: invalid character '\"' after object key:value pair"},
		{`[1 2]`, "line 1, column 4: invalid character '2' after array element"},
		{`{"a":}`, "line 1, column 6: invalid character '}' looking for beginning of value"},
		{`{"a":]`, "line 1, column 6: invalid character ']' looking for beginning of value"},
		{`{"a":1,}`, "line 1, column 8: invalid character '}' looking for beginning of object key string"},
		{`{1:2}`, "line 1, column 2: invalid character '1' looking for beginning of object key string"},
		{`[1,]`, "line 1, column 4: invalid character ']' looking for beginning of value"},
		{"{\"a\":\"\x01\"}", `line 1, column 7: invalid character '\x01' in string literal`},
		{`{"a":"\x"}`, "line 1, column 8: invalid character 'x' in string escape code"},
		{`{"a":"\u12"}`, `line 1, column 11: invalid character '"' in \u hexadecimal character escape`},
		{`{"a":-}`, "line 1, column 7: invalid character '}' in numeric literal"},
		{`{"a":1.}`, "line 1, column 8: invalid character '}' after decimal point in numeric literal"},
		{`{"a":1e+}`, "line 1, column 9: invalid character '}' in exponent of numeric literal"},
		{`{"a":tru}`, "line 1, column 9: invalid character '}' in literal true (expecting 'e')"},
		{"{\n\"a\":\n\tx}", "line 3, column 2: invalid character 'x' looking for beginning of value"},
	} {
		assert.Equal(t, "malformed JSON at "+tt.want, Malformed([]byte(tt.input)).Problem, tt.input)
	}
}
