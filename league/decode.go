package league

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The scorers decode their input by hand rather than into tagged structs, so that every
// problem can name its exact field path ("sides[1].players[0].lost"), duplicate keys and
// unknown fields are refused, and no number can make the arithmetic blow up.

// maxNumberLen bounds the text of one JSON number (digits, sign, point and exponent).
const maxNumberLen = 64

// maxExponent bounds the decimal exponent of a JSON number: 1e1000000 would otherwise make
// an exact rational of a million digits.
const maxExponent = 30

// maxCount bounds every whole-number field (units, centres, years, counts, ...).
const maxCount = 1_000_000_000

// maxPlayers bounds the number of players in one game's input.
const maxPlayers = 1000

// maxIDLen bounds a player or side id.
const maxIDLen = 200

// object is one decoded JSON object: its fields by key, with the path used in errors.
type object struct {
	path   string
	fields map[string]json.RawMessage
}

// decodeDocument checks that input is one well-formed JSON value and decodes it as the top
// object of a scorer input, accepting only the listed keys.
func decodeDocument(input []byte, keys ...string) (object, error) {
	if len(bytes.TrimSpace(input)) == 0 {
		return object{}, fieldErr("input", "empty, want a JSON object")
	}
	if !json.Valid(input) {
		return object{}, malformed(input)
	}
	return decodeObject(json.RawMessage(input), "", keys...)
}

// malformed describes where input stops being JSON.
func malformed(input []byte) error {
	var v any
	err := json.Unmarshal(input, &v)
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		line, col := position(input, syntax.Offset)
		if strings.Contains(syntax.Error(), "end of JSON input") {
			// Point just past the last character, where more was expected.
			line, col = position(input, int64(len(bytes.TrimRight(input, " \t\r\n"))))
			col++
		}
		return fieldErr("input", "malformed JSON at line %d, column %d: %s", line, col, strings.TrimPrefix(syntax.Error(), "json: "))
	}
	if err != nil {
		return fieldErr("input", "malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	return fieldErr("input", "malformed JSON")
}

// position turns a byte offset into a 1-based line and column.
func position(input []byte, offset int64) (line, col int) {
	if offset > int64(len(input)) {
		offset = int64(len(input))
	}
	if offset < 1 {
		return 1, 1
	}
	before := input[:offset-1]
	line = bytes.Count(before, []byte("\n")) + 1
	col = len(before) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// kind names the JSON type of raw for error messages.
func kind(raw json.RawMessage) string {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return "nothing"
	}
	switch t[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}

// isNull reports whether raw is JSON null (treated as an absent field).
func isNull(raw json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }

// join builds a field path: join("", "players") is "players", join("sides[0]", "name") is
// "sides[0].name".
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// index builds an element path: "players[2]".
func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// decodeObject decodes raw (already valid JSON) as an object whose keys must be among keys.
func decodeObject(raw json.RawMessage, path string, keys ...string) (object, error) {
	what := path
	if what == "" {
		what = "input"
	}
	if kind(raw) != "an object" {
		return object{}, fieldErr(what, "must be an object, got %s", kind(raw))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // the opening brace
		return object{}, fieldErr(what, "malformed object: %v", err)
	}
	obj := object{path: path, fields: map[string]json.RawMessage{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return object{}, fieldErr(what, "malformed object: %v", err)
		}
		key, _ := tok.(string) // a key token of a valid object is always a string
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return object{}, fieldErr(join(path, keyName(key)), "malformed value: %v", err)
		}
		if !contains(keys, key) {
			return object{}, fieldErr(join(path, keyName(key)), "unknown field (want %s)", strings.Join(keys, ", "))
		}
		if _, dup := obj.fields[key]; dup {
			return object{}, fieldErr(join(path, key), "given twice")
		}
		obj.fields[key] = value
	}
	return obj, nil
}

// keyName writes an unexpected object key for a field path: as is when it is a plain
// lower-case name, quoted otherwise (so an empty key or one holding a newline stays visible
// and the error stays on one line).
func keyName(key string) string {
	if key == "" {
		return strconv.Quote(key)
	}
	for _, r := range key {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return strconv.Quote(key)
		}
	}
	return key
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// field returns the raw value of key and whether it is present and not null.
func (o object) field(key string) (json.RawMessage, bool) {
	raw, ok := o.fields[key]
	if !ok || isNull(raw) {
		return nil, false
	}
	return raw, true
}

// array decodes the required array at key.
func (o object) array(key string) ([]json.RawMessage, error) {
	raw, ok := o.field(key)
	if !ok {
		return nil, fieldErr(join(o.path, key), "missing")
	}
	return decodeArray(raw, join(o.path, key))
}

// decodeArray decodes raw as a JSON array.
func decodeArray(raw json.RawMessage, path string) ([]json.RawMessage, error) {
	if kind(raw) != "an array" {
		return nil, fieldErr(path, "must be an array, got %s", kind(raw))
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, fieldErr(path, "malformed array: %v", err)
	}
	return items, nil
}

// id decodes the required, non-empty string at key (a player or side id).
func (o object) id(key string) (string, error) {
	raw, ok := o.field(key)
	if !ok {
		return "", fieldErr(join(o.path, key), "missing")
	}
	return parseID(raw, join(o.path, key))
}

// parseID decodes raw as a non-empty string of at most maxIDLen bytes.
func parseID(raw json.RawMessage, path string) (string, error) {
	if kind(raw) != "a string" {
		return "", fieldErr(path, "must be a string, got %s", kind(raw))
	}
	if !utf8.Valid(raw) {
		// Checked on the raw text: decoding replaces invalid bytes with U+FFFD, which would
		// silently change the id.
		return "", fieldErr(path, "must be valid UTF-8")
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fieldErr(path, "malformed string: %v", err)
	}
	switch {
	case strings.TrimSpace(s) == "":
		return "", fieldErr(path, "must not be empty")
	case len(s) > maxIDLen:
		return "", fieldErr(path, "longer than %d bytes", maxIDLen)
	case strings.IndexFunc(s, unicode.IsControl) >= 0:
		return "", fieldErr(path, "must not contain control characters, got %q", s)
	}
	return s, nil
}

// boolean decodes the optional boolean at key (false when absent).
func (o object) boolean(key string) (bool, error) {
	raw, ok := o.field(key)
	if !ok {
		return false, nil
	}
	if kind(raw) != "a boolean" {
		return false, fieldErr(join(o.path, key), "must be true or false, got %s", kind(raw))
	}
	return bytes.Equal(bytes.TrimSpace(raw), []byte("true")), nil
}

// number decodes the required number at key exactly.
func (o object) number(key string) (*big.Rat, error) {
	raw, ok := o.field(key)
	if !ok {
		return nil, fieldErr(join(o.path, key), "missing")
	}
	return parseNumber(raw, join(o.path, key))
}

// count decodes the whole number at key, which must lie in [low, maxCount]; def is used
// when the key is absent (nil def: the key is required).
func (o object) count(key string, low int64, def *int64) (int64, error) {
	raw, ok := o.field(key)
	if !ok {
		if def == nil {
			return 0, fieldErr(join(o.path, key), "missing")
		}
		return *def, nil
	}
	return parseCount(raw, join(o.path, key), low)
}

// parseCount decodes raw as a whole number in [low, maxCount].
func parseCount(raw json.RawMessage, path string, low int64) (int64, error) {
	r, err := parseNumber(raw, path)
	if err != nil {
		return 0, err
	}
	if !r.IsInt() {
		return 0, fieldErr(path, "must be a whole number, got %s", bytes.TrimSpace(raw))
	}
	n := r.Num()
	if n.Sign() < 0 && low >= 0 {
		return 0, fieldErr(path, "must not be negative, got %s", n)
	}
	if n.Cmp(big.NewInt(low)) < 0 {
		return 0, fieldErr(path, "must be at least %d, got %s", low, n)
	}
	if n.Cmp(big.NewInt(maxCount)) > 0 {
		return 0, fieldErr(path, "must be at most %d, got %s", maxCount, n)
	}
	return n.Int64(), nil
}

// parseNumber decodes raw as an exact rational, refusing numbers whose text or exponent
// is too large to be a game score.
func parseNumber(raw json.RawMessage, path string) (*big.Rat, error) {
	if kind(raw) != "a number" {
		return nil, fieldErr(path, "must be a number, got %s", kind(raw))
	}
	text := string(bytes.TrimSpace(raw))
	if len(text) > maxNumberLen {
		return nil, fieldErr(path, "number longer than %d characters", maxNumberLen)
	}
	r, ok := boundedRat(text)
	if !ok {
		return nil, fieldErr(path, "number %s out of range", text)
	}
	return r, nil
}

// boundedRat parses a decimal ("17.5", "1e3") or fraction ("35/2") of at most maxNumberLen
// characters and an exponent within ±maxExponent; big.Rat alone would build a number of a
// billion digits from "1e999999999".
func boundedRat(text string) (*big.Rat, bool) {
	if len(text) == 0 || len(text) > maxNumberLen {
		return nil, false
	}
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		exp, err := strconv.Atoi(strings.TrimPrefix(text[i+1:], "+"))
		if err != nil || exp > maxExponent || exp < -maxExponent {
			return nil, false
		}
	}
	return new(big.Rat).SetString(text)
}
