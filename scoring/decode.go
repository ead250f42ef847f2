package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"slices"
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

// object is one decoded JSON object: the values of its keys, with the path used in errors.
type object struct {
	// path is the object's field path, "sides[1]"; with elem ≥ 0 it is the path of the
	// array holding the object as its element elem ("players" and 2: "players[2]"), built
	// only for an error.
	path string
	elem int
	// keys are the keys the object may hold; values[k] is the text of keys[k]'s value, nil
	// when the key is absent.
	keys   []string
	values []json.RawMessage
}

// where is the object's field path.
func (o object) where() string {
	if o.elem < 0 {
		return o.path
	}
	return index(o.path, o.elem)
}

// at is the field path of key in the object: "players[2].score".
func (o object) at(key string) string { return join(o.where(), key) }

// under puts a problem that a parser found in key's value at key's path. The parsers are
// called with no path, which would cost a string for every field read, and are given it
// here when they find a problem.
func (o object) under(key string, err error) error {
	if fe, ok := err.(*FieldError); ok {
		fe.Field = o.at(key)
	}
	return err
}

// decodeDocument checks that input is one well-formed JSON value and decodes it as the top
// object of a scorer input, accepting only the listed keys.
func decodeDocument(input []byte, keys ...string) (object, error) {
	if len(bytes.TrimSpace(input)) == 0 {
		return object{}, fieldErr("input", "empty, want a JSON object")
	}
	if !ValidJSON(input) {
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
func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// decodeObject decodes raw (already valid JSON) as an object whose keys must be among keys.
func decodeObject(raw json.RawMessage, path string, keys ...string) (object, error) {
	return object{path: path, elem: -1, keys: keys}.decode(raw, false)
}

// decodeOpenObject is decodeObject for an object that may hold other keys besides keys:
// those are skipped.
func decodeOpenObject(raw json.RawMessage, path string, keys ...string) (object, error) {
	return object{path: path, elem: -1, keys: keys}.decode(raw, true)
}

// decodeElement is decodeObject for element i of the array at path, its values kept in
// values (one per key), so that the elements of an array can share one allocation.
func decodeElement(raw json.RawMessage, path string, i int, keys []string, values []json.RawMessage) (object, error) {
	return object{path: path, elem: i, keys: keys, values: values}.decode(raw, false)
}

// decode decodes raw (already valid JSON) as an object of o's keys into o, refusing a key
// given twice and, unless open, any other key; the first offending key in the text is the
// one named. Keys compare as encoding/json decodes them ("\u0069d" is "id").
func (o object) decode(raw json.RawMessage, open bool) (object, error) {
	keys := o.keys
	raw = trimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		what := o.where()
		if what == "" {
			what = "input"
		}
		return object{}, fieldErr(what, "must be an object, got %s", kind(raw))
	}
	if o.values == nil {
		o.values = make([]json.RawMessage, len(keys))
	}
	obj := o
	for m := (members{b: raw}); m.next(); {
		k := -1
		if m.plainKey {
			for j, want := range keys {
				if string(m.key) == want {
					k = j
					break
				}
			}
		} else {
			k = slices.Index(keys, m.decodedKey())
		}
		if k < 0 {
			if open {
				continue
			}
			return object{}, fieldErr(o.at(keyName(m.decodedKey())), "unknown field (want %s)", strings.Join(keys, ", "))
		}
		if obj.values[k] != nil {
			return object{}, fieldErr(o.at(keys[k]), "given twice")
		}
		obj.values[k] = m.value
	}
	return obj, nil
}

// members walks the members of a JSON object (valid JSON, trimmed): after each call of next
// that reports true, key is the key's text between its quotes, plainKey reports that the text
// is the key itself (no escapes, ASCII only), and value is the value's text.
type members struct {
	b        []byte
	i        int
	key      []byte
	plainKey bool
	value    json.RawMessage
}

// next moves to the next member; it reports false after the last.
func (m *members) next() bool {
	b := m.b
	i := skipSpace(b, m.i+1) // past the opening brace or the comma before this member
	if i >= len(b) || b[i] != '"' {
		return false // the closing brace
	}
	end, plain := stringEnd(b, i)
	m.key, m.plainKey = b[i+1:end-1], plain
	i = skipSpace(b, end) // the colon
	i = skipSpace(b, i+1) // the value
	end = valueEnd(b, i)
	m.value = b[i:end:end]
	m.i = skipSpace(b, end) // the comma or the closing brace
	return true
}

// decodedKey returns the current key as encoding/json decodes it: escapes resolved and
// invalid UTF-8 replaced by U+FFFD.
func (m *members) decodedKey() string {
	if m.plainKey {
		return string(m.key)
	}
	var key string
	quoted := m.key[: len(m.key)+1 : len(m.key)+1] // the key and its closing quote
	quoted = append([]byte{'"'}, quoted...)
	if err := json.Unmarshal(quoted, &key); err != nil {
		return string(m.key) // not reached: the key of a valid object is a valid string
	}
	return key
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

// given reports whether key is present, even as null.
func (o object) given(key string) bool {
	k := slices.Index(o.keys, key)
	return k >= 0 && o.values[k] != nil
}

// field returns the raw value of key and whether it is present and not null.
func (o object) field(key string) (json.RawMessage, bool) {
	k := slices.Index(o.keys, key)
	if k < 0 || o.values[k] == nil || isNull(o.values[k]) {
		return nil, false
	}
	return o.values[k], true
}

// array decodes the required array at key.
func (o object) array(key string) ([]json.RawMessage, error) {
	raw, ok := o.field(key)
	if !ok {
		return nil, fieldErr(o.at(key), "missing")
	}
	items, err := decodeArray(raw, "")
	return items, o.under(key, err)
}

// decodeArray decodes raw (already valid JSON) as a JSON array: the text of each element.
func decodeArray(raw json.RawMessage, path string) ([]json.RawMessage, error) {
	raw = trimSpace(raw)
	if len(raw) == 0 || raw[0] != '[' {
		return nil, fieldErr(path, "must be an array, got %s", kind(raw))
	}
	var first [8]json.RawMessage // most arrays are short: one allocation, of the right size
	items := first[:0]
	for i := skipSpace(raw, 1); i < len(raw) && raw[i] != ']'; {
		end := valueEnd(raw, i)
		items = append(items, raw[i:end:end])
		i = skipSpace(raw, end) // the comma or the closing bracket
		if i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	return append(make([]json.RawMessage, 0, len(items)), items...), nil
}

// id decodes the required, non-empty string at key (a player or side id).
func (o object) id(key string) (string, error) {
	raw, ok := o.field(key)
	if !ok {
		return "", fieldErr(o.at(key), "missing")
	}
	id, err := parseID(raw, "")
	return id, o.under(key, err)
}

// parseID decodes raw as a non-empty string of at most maxIDLen bytes without control
// characters.
func parseID(raw json.RawMessage, path string) (string, error) {
	s, err := parseString(raw, path)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(s) == "" {
		return "", fieldErr(path, "must not be empty")
	}
	if err := checkID(s, path); err != nil {
		return "", err
	}
	return s, nil
}

// parseString decodes raw as a JSON string of valid UTF-8.
func parseString(raw json.RawMessage, path string) (string, error) {
	raw = trimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return "", fieldErr(path, "must be a string, got %s", kind(raw))
	}
	if text := raw[1 : len(raw)-1]; printableASCII(text) {
		return string(text), nil // what json.Unmarshal would decode, without its reflection
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
	return s, nil
}

// checkID refuses an id longer than maxIDLen bytes or holding control characters.
func checkID(s, path string) error {
	switch {
	case len(s) > maxIDLen:
		return fieldErr(path, "longer than %d bytes", maxIDLen)
	case strings.IndexFunc(s, unicode.IsControl) >= 0:
		return fieldErr(path, "must not contain control characters, got %q", s)
	}
	return nil
}

// printableASCII reports whether text holds only printable ASCII and no backslash: the
// text of a JSON string that is the string itself.
func printableASCII(text []byte) bool {
	for _, c := range text {
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

// boolean decodes the optional boolean at key (false when absent).
func (o object) boolean(key string) (bool, error) {
	raw, ok := o.field(key)
	if !ok {
		return false, nil
	}
	if kind(raw) != "a boolean" {
		return false, fieldErr(o.at(key), "must be true or false, got %s", kind(raw))
	}
	return bytes.Equal(bytes.TrimSpace(raw), []byte("true")), nil
}

// number decodes the required number at key exactly.
func (o object) number(key string) (*big.Rat, error) {
	return o.numberInto(key, nil)
}

// numberInto is number, keeping a whole number in dst when it is not nil (the zero Rat).
func (o object) numberInto(key string, dst *big.Rat) (*big.Rat, error) {
	raw, ok := o.field(key)
	if !ok {
		return nil, fieldErr(o.at(key), "missing")
	}
	n, err := parseNumberInto(raw, "", dst)
	return n, o.under(key, err)
}

// count decodes the whole number at key, which must lie in [low, maxCount]; def is used
// when the key is absent (nil def: the key is required).
func (o object) count(key string, low int64, def *int64) (int64, error) {
	raw, ok := o.field(key)
	if !ok {
		if def == nil {
			return 0, fieldErr(o.at(key), "missing")
		}
		return *def, nil
	}
	n, err := parseCount(raw, "", low)
	return n, o.under(key, err)
}

// parseCount decodes raw as a whole number in [low, maxCount].
func parseCount(raw json.RawMessage, path string, low int64) (int64, error) {
	if n, ok := smallInt(raw); ok { // the usual case, without a rational
		switch {
		case n < 0 && low >= 0:
			return 0, fieldErr(path, "must not be negative, got %d", n)
		case n < low:
			return 0, fieldErr(path, "must be at least %d, got %d", low, n)
		case n > maxCount:
			return 0, fieldErr(path, "must be at most %d, got %d", maxCount, n)
		}
		return n, nil
	}
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
	return parseNumberInto(raw, path, nil)
}

// parseNumberInto is parseNumber, keeping a whole number in dst when it is not nil.
func parseNumberInto(raw json.RawMessage, path string, dst *big.Rat) (*big.Rat, error) {
	if n, ok := smallInt(raw); ok { // the usual case, without parsing a rational
		if dst == nil {
			dst = new(big.Rat)
		}
		dst.Num().SetInt64(n) // and the denominator stays 1 (the zero Rat's)
		return dst, nil
	}
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

// smallInt parses raw when it is a JSON integer of at most 18 digits (so it fits an int64
// whatever the digits): "-12", "0", "970".
func smallInt(raw json.RawMessage) (int64, bool) {
	raw = trimSpace(raw)
	neg := len(raw) > 0 && raw[0] == '-'
	digits := raw
	if neg {
		digits = raw[1:]
	}
	if len(digits) == 0 || len(digits) > 18 || (digits[0] == '0' && len(digits) > 1) {
		return 0, false
	}
	var n int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// The scanner. decodeDocument checks a whole input with ValidJSON, as json.Valid would;
// everything below it then walks text already known to be valid JSON.

// isSpace reports whether c is JSON whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipSpace returns the index of the first byte at or after i that is not whitespace.
func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// trimSpace returns b without leading and trailing whitespace.
func trimSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && isSpace(b[i]) {
		i++
	}
	for j > i && isSpace(b[j-1]) {
		j--
	}
	return b[i:j]
}

// stringEnd returns the index just past the JSON string starting at b[i] (its opening
// quote), and whether its text is the string itself (no escapes, ASCII only).
func stringEnd(b []byte, i int) (end int, plain bool) {
	plain = true
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, plain
		case c == '\\':
			plain = false
			i++ // the escaped character (a \uXXXX escape's hex digits pass as text)
		case c >= 0x80:
			plain = false
		}
	}
	return len(b), plain
}

// valueEnd returns the index just past the JSON value starting at b[i], in valid JSON.
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		end, _ := stringEnd(b, i)
		return end
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				end, _ := stringEnd(b, i)
				i = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(b)
	}
	for i < len(b) { // a number or a literal: up to the next delimiter
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// maxDepth is encoding/json's limit on nested arrays and objects: json.Valid refuses more.
const maxDepth = 10000

// ValidJSON reports whether input is one JSON value with only whitespace around it: the
// answer of json.Valid (strings may hold invalid UTF-8; at most 10,000 levels of nesting),
// several times faster.
func ValidJSON(input []byte) bool {
	i, ok := validValue(input, skipSpace(input, 0), 1)
	return ok && skipSpace(input, i) == len(input)
}

// validValue checks the JSON value at b[i], at nesting depth (1 for a top-level value),
// and returns the index just past it.
func validValue(b []byte, i, depth int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	switch c := b[i]; {
	case c == '"':
		return validString(b, i)
	case c == '{':
		return validObject(b, i, depth)
	case c == '[':
		return validArray(b, i, depth)
	case c == '-' || c >= '0' && c <= '9':
		return validNumber(b, i)
	case c == 't':
		return validLiteral(b, i, "true")
	case c == 'f':
		return validLiteral(b, i, "false")
	case c == 'n':
		return validLiteral(b, i, "null")
	}
	return i, false
}

// validObject checks the object at b[i] (its opening brace).
func validObject(b []byte, i, depth int) (int, bool) {
	if depth > maxDepth {
		return i, false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, false
		}
		var ok bool
		if i, ok = validString(b, i); !ok {
			return i, false
		}
		if i = skipSpace(b, i); i >= len(b) || b[i] != ':' {
			return i, false
		}
		if i, ok = validValue(b, skipSpace(b, i+1), depth+1); !ok {
			return i, false
		}
		if i = skipSpace(b, i); i >= len(b) {
			return i, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return i + 1, true
		default:
			return i, false
		}
	}
}

// validArray checks the array at b[i] (its opening bracket).
func validArray(b []byte, i, depth int) (int, bool) {
	if depth > maxDepth {
		return i, false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = validValue(b, i, depth+1); !ok {
			return i, false
		}
		if i = skipSpace(b, i); i >= len(b) {
			return i, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case ']':
			return i + 1, true
		default:
			return i, false
		}
	}
}

// validString checks the string at b[i] (its opening quote): no control characters, and
// only JSON's escapes.
func validString(b []byte, i int) (int, bool) {
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c < 0x20:
			return i, false
		case c == '\\':
			if i++; i >= len(b) {
				return i, false
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(b) {
					return i, false
				}
				for _, h := range b[i+1 : i+5] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return i, false
					}
				}
				i += 4
			default:
				return i, false
			}
		}
	}
	return i, false
}

// validNumber checks the number at b[i]: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func validNumber(b []byte, i int) (int, bool) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digits(b, i)
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}

// digits returns the index of the first byte at or after i that is not a decimal digit.
func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

// validLiteral checks that b[i:] starts with word (true, false or null).
func validLiteral(b []byte, i int, word string) (int, bool) {
	if len(b)-i < len(word) || string(b[i:i+len(word)]) != word {
		return i, false
	}
	return i + len(word), true
}
