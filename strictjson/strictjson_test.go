package strictjson

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// body is a body of every kind of field the API's bodies have.
type body struct {
	Name    string                     `json:"name"`
	Count   int                        `json:"count"`
	Limit   *int                       `json:"limit"`
	On      *bool                      `json:"on"`
	Bots    []string                   `json:"bots"`
	Raw     json.RawMessage            `json:"raw"`
	Options map[string]json.RawMessage `json:"options"`
	Skipped string                     `json:"-"`
	embedded
}

// embedded is embedded in body: its fields are the body's own.
type embedded struct {
	Hours *int `json:"hours"`
}

// bodyKeys are body's keys, as Document is given them.
var bodyKeys = []string{"name", "count", "limit", "on", "bots", "raw", "options", "hours"}

func TestUnmarshalReadsEveryKindOfField(t *testing.T) {
	t.Parallel()
	var v body
	require.NoError(t, Unmarshal([]byte(` {"name":"Ada","count":3,"limit":null,"on":true,"bots":["a"],"raw":{"x":[1]},"options":{"k":2},"hours":4} `), &v))
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
}

func TestUnmarshalNamesEachProblemsField(t *testing.T) {
	t.Parallel()
	want := " (want name, count, limit, on, bots, raw, options, hours)"
	for _, tc := range []struct{ text, want string }{
		{`{"nme":"Ada"}`, "nme: unknown field" + want},
		{`{"Name":"Ada"}`, "Name: unknown field" + want},
		{`{"-":"x"}`, "-: unknown field" + want},
		{`{"a.b":1}`, `"a.b": unknown field` + want},
		{`{"name":"Ada","name":"Bea"}`, "name: given twice"},
		{`{"options":{"k":1,"k":2}}`, "options.k: given twice"},
		{`{"options":{"2":1,"2":2}}`, "options.2: given twice"}, // a key, though it reads as an index
		{`{"11":0}`, "11: unknown field" + want},
		{`{"bots":["a",7]}`, "bots[1]: must be a string, got a number"},
		{`{"hours":1,"hours":2}`, "hours: given twice"},
		{`{"admin":true,"name":1,"name":2}`, "admin: unknown field" + want}, // the first in the text
		{`{"name":7}`, "name: must be a string, got a number"},
		{`{"limit":"x"}`, "limit: must be a number, got a string"},
		{`{"on":1}`, "on: must be true or false, got a number"},
		{`{"bots":"a"}`, "bots: must be an array, got a string"},
		{`{"bots":[1]}`, "bots[0]: must be a string, got a number"},
		{`{"options":[]}`, "options: must be an object, got an array"},
		{`{"count":4.5}`, "count: must be a whole number, got 4.5"},
		{`{"limit":1e20}`, "limit: number 1e20 out of range"},
		{`{"count":99999999999999999999999999999}`, "count: number out of range"},
		{`[1]`, "must be an object, got an array"},
		{``, "empty, want a JSON object"},
		{" \n\t", "empty, want a JSON object"},
		{`{"name":`, "malformed JSON at line 1, column 9: unexpected end of JSON input"},
		{`{"nme":1,}`, "malformed JSON at line 1, column 10: invalid character '}' looking for beginning of object key string"},
		{`{"name":"Ada"} {}`, "malformed JSON at line 1, column 16: invalid character '{' after top-level value"},
		{`{"name":"A` + "\xff" + `"}`, "name: must be valid UTF-8"},
		{`{"bots":["\udc00"]}`, "bots[0]: must be valid UTF-8"},
	} {
		var v body
		err := Unmarshal([]byte(tc.text), &v)
		var se *Error
		require.ErrorAs(t, err, &se, tc.text)
		assert.Equal(t, tc.want, se.Error(), tc.text)
	}
}

// TestTypedAndHandReadObjectsRefuseAlike holds the one rule to both readers: a body the API
// reads into a struct (Unmarshal) and an input a scorer reads by hand (Document) are refused
// with the same problem at the same field.
func TestTypedAndHandReadObjectsRefuseAlike(t *testing.T) {
	t.Parallel()
	for _, text := range []string{
		`{"nme":"Ada"}`,
		`{"name":"Ada","name":"Bea"}`,
		`{"count":1,"x":2,"count":3}`,
		`{"count":1,"count":2,"x":3}`,
		`{"\u006eame":"Ada","name":"Bea"}`,
		`{"name":"Ada"} x`,
		`{"name":"Ada",`,
		`{"nme":1,]`,
		`[]`,
		`"text"`,
		`  `,
		"{\"a\nb\":1}",
		`{"":1}`,
	} {
		var v body
		typed := Unmarshal([]byte(text), &v)
		hand := Document([]byte(text), bodyKeys, make([]json.RawMessage, len(bodyKeys)), false)
		require.Error(t, typed, text)
		assert.Equal(t, typed, hand, text)
	}
}

func TestDocumentReadsTheKeysValues(t *testing.T) {
	t.Parallel()
	keys := []string{"id", "score"}
	values := make([]json.RawMessage, 2)
	require.NoError(t, Document([]byte(` {"score": [1, 2], "\u0069d":"A"} `), keys, values, false))
	assert.Equal(t, `"A"`, string(values[0]))
	assert.Equal(t, `[1, 2]`, string(values[1]))

	// An open object skips other keys, however often they come, but not a known key twice.
	values = make([]json.RawMessage, 2)
	require.NoError(t, Document([]byte(`{"x":1,"id":"A","x":2}`), keys, values, true))
	assert.Equal(t, `"A"`, string(values[0]))
	assert.Nil(t, values[1])
	err := Document([]byte(`{"id":"A","x":1,"id":"B"}`), keys, make([]json.RawMessage, 2), true)
	assert.EqualError(t, err, "id: given twice")

	// Where the text stops being JSON comes before a key problem earlier in it.
	err = Document([]byte(`{"x":1,"id":}`), keys, make([]json.RawMessage, 2), false)
	assert.EqualError(t, err, "malformed JSON at line 1, column 13: invalid character '}' looking for beginning of value")
	// Object stops at the first problem of a value already read whole.
	err = Object([]byte(`{"id":"A","x":1}`), keys, make([]json.RawMessage, 2), false)
	assert.EqualError(t, err, "x: unknown field (want id, score)")
	err = Object([]byte(`7`), keys, make([]json.RawMessage, 2), false)
	assert.EqualError(t, err, "must be an object, got a number")
}

func TestMapRefusesAKeyGivenTwiceBeforeTakingIt(t *testing.T) {
	t.Parallel()
	var seen []string
	err := Map([]byte(`{"ada":"x","B":"y","ada":"z"}`), func(key string, value json.RawMessage) error {
		seen = append(seen, key+"="+string(value))
		return nil
	})
	assert.EqualError(t, err, "ada: given twice")
	assert.Equal(t, []string{`ada="x"`, `B="y"`}, seen)

	err = Map([]byte(`{"":1,"":2}`), func(string, json.RawMessage) error { return nil })
	assert.EqualError(t, err, `"": given twice`)
	err = Map([]byte(`[1]`), func(string, json.RawMessage) error { return nil })
	assert.EqualError(t, err, "must be an object, got an array")
}

func TestErrorUnderAPath(t *testing.T) {
	t.Parallel()
	assert.EqualError(t, (&Error{Field: "ada", Problem: "given twice"}).Under("replaced"), "replaced.ada: given twice")
	assert.EqualError(t, (&Error{Problem: "must be an object, got null"}).Under("players[2]"), "players[2]: must be an object, got null")
	assert.EqualError(t, (&Error{Field: "[1]", Problem: "missing"}).Under("markers"), "markers[1]: missing")
	assert.EqualError(t, (&Error{Field: "x", Problem: "missing"}).Under(""), "x: missing")
}

func TestKeyNameQuotesOnlyWhatAPathCannotHold(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{
		"ada": "ada", "B": "B", "Zoë": "Zoë", "player_2": "player_2",
		"": `""`, "a b": `"a b"`, "a.b": `"a.b"`, "a[0]": `"a[0]"`, "a\nb": `"a\nb"`, `a"b`: `"a\"b"`, "\x00": `"\x00"`,
	} {
		assert.Equal(t, want, KeyName(key), "%q", key)
	}
}

func TestStringFieldNamesTheFirstBadString(t *testing.T) {
	t.Parallel()
	hasX := func(quoted []byte) bool { return Unquote(quoted) == "x" }
	for text, want := range map[string]string{
		`{"a":"b","c":["d","x"]}`: "c[1]",
		`{"a":{"x":1}}`:           "a.x",
		`"x"`:                     "",
	} {
		field, found := StringField([]byte(text), hasX)
		assert.True(t, found, text)
		assert.Equal(t, want, field, text)
	}
	_, found := StringField([]byte(`{"a":"b"}`), hasX)
	assert.False(t, found)
}

// FuzzTypedAndHandReadObjectsRefuseAlike holds the two readers to one rule on any text: what
// both refuse for the text itself or its keys (not JSON, empty, not an object, a key given
// twice or unknown), they refuse alike; a text the typed reader takes, the hand reader takes.
// The typed reader refuses more (a value of the wrong kind, a string that is no UTF-8 text),
// which the hand reader leaves to the scorers' field parsers.
func FuzzTypedAndHandReadObjectsRefuseAlike(f *testing.F) {
	for _, seed := range []string{`{"name":"Ada","count":3}`, `{"nme":1}`, `{"name":"A","name":"B"}`, `{"a":1} x`,
		`[]`, ``, `{"options":{"k":1,"k":2}}`, `{"\u006eame":"A","name":"B"}`, `{"count":"x","zz":1}`} {
		f.Add(seed)
	}
	shared := func(err error) bool {
		var se *Error
		if !errors.As(err, &se) {
			return false
		}
		for _, p := range []string{"malformed JSON", "empty, want", "must be an object, got", "given twice", "unknown field"} {
			if strings.HasPrefix(se.Problem, p) && (se.Field == "" || p == "given twice" || p == "unknown field") {
				return true
			}
		}
		return false
	}
	f.Fuzz(func(t *testing.T, text string) {
		var v body
		typed := Unmarshal([]byte(text), &v)
		hand := Document([]byte(text), bodyKeys, make([]json.RawMessage, len(bodyKeys)), false)
		if typed == nil && hand != nil {
			t.Fatalf("%q: the typed reader takes it, the hand reader says %v", text, hand)
		}
		if shared(typed) && shared(hand) && typed.Error() != hand.Error() {
			t.Fatalf("%q: typed %q, hand %q", text, typed, hand)
		}
	})
}
