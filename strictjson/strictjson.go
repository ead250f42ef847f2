// Package strictjson is TableStakes' one strict reader of JSON: every body the API takes
// (Unmarshal, into typed structs) and every input a scorer reads (Document, Object, Members
// and Array, for scoring's exact field parsers) goes through it, so the rule of what a JSON
// input may be is written once:
//
//   - the text is one JSON value with only whitespace around it; where it stops being JSON
//     is said in encoding/json's words with its line and column ("malformed JSON at line 3,
//     column 1: invalid character ']' looking for beginning of value"), before any other
//     problem of the text;
//   - in an object a key given twice is refused ("name: given twice"), as is a key the
//     reader has no field for ("nme: unknown field (want name, game)"): a misspelt field
//     must not pass for an empty one (trust review 3, finding 6); the first such key in the
//     text is the one named;
//   - every problem names its field as the API and the scorers name fields: "replaced.ada",
//     "sides[1].players[0].lost".
//
// The JSON itself is read by jsontext (github.com/go-json-experiment/json, the code behind
// encoding/json/v2).
package strictjson

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// Error is a JSON input refused at one field.
type Error struct {
	// Field is the offending field's path, "players[2].score", relative to what was read;
	// "" is the whole text (the caller names it: the API's "body", a scorer's "input").
	Field string
	// Problem says what is wrong with it: "given twice".
	Problem string
}

// Error returns "field: problem", or the problem alone for the whole text.
func (e *Error) Error() string {
	if e.Field == "" {
		return e.Problem
	}
	return e.Field + ": " + e.Problem
}

// Under returns a copy of e with its field put under path: Under("sides[0]") of
// "name: given twice" is "sides[0].name: given twice", and of the whole text's problem
// "sides[0]: ...".
func (e *Error) Under(path string) *Error {
	switch {
	case e.Field == "":
		return &Error{Field: path, Problem: e.Problem}
	case strings.HasPrefix(e.Field, "["):
		return &Error{Field: path + e.Field, Problem: e.Problem}
	}
	return &Error{Field: Join(path, e.Field), Problem: e.Problem}
}

// Join builds a field path: Join("", "players") is "players", Join("sides[0]", "name") is
// "sides[0].name".
func Join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Index builds an element's path: Index("players", 2) is "players[2]".
func Index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// KeyName writes an object key for a field path: as it is ("ada", "B", "Zoë"), or quoted
// when it is empty or holds a space, a control character or a character of a path's own
// (`.`, `[`, `]`, `"`, `\`), so that every key stays visible, the path stays one path and
// the problem stays on one line: "replaced.\"a.b\"".
func KeyName(key string) string {
	if key == "" || strings.IndexFunc(key, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || strings.ContainsRune(`.[]"\`, r) || r == utf8.RuneError
	}) >= 0 {
		return strconv.Quote(key)
	}
	return key
}

// fieldAt writes the JSON Pointer p into text (valid JSON) as a field path: "/replaced/ada"
// is "replaced.ada", "/seats/2" is "seats[2]", each key as KeyName writes it; the whole text
// is "". A pointer's token says "2" alike for a key and an index, so the text says which:
// each token is an index where the value it points into is an array.
func fieldAt(text []byte, p jsontext.Pointer) string {
	var b strings.Builder
	value := TrimSpace(text)
	for tok := range p.Tokens() {
		if len(value) > 0 && value[0] == '[' {
			b.WriteString("[" + tok + "]")
			items, _ := Array(value)
			value = nil
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(items) {
				value = TrimSpace(items[i])
			}
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(KeyName(tok))
		var member []byte
		if len(value) > 0 && value[0] == '{' {
			for m := (Members{Text: value}); m.Next(); {
				if member == nil && m.Key() == tok {
					member = TrimSpace(m.Value)
				}
			}
		}
		value = member
	}
	return b.String()
}
