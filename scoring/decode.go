package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// The scorers decode their input by hand rather than into tagged structs, so that every
// problem can name its exact field path ("sides[1].players[0].lost"), duplicate keys and
// unknown fields are refused, and no number can make the arithmetic blow up. The JSON
// itself is read by jsontext (github.com/go-json-experiment/json, the code behind
// encoding/json/v2): a document is walked token by token once, which checks it, and each
// object's values are kept as slices of the text for the field parsers (decode_values.go).

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

// textOptions are how every JSON text is read. A key given twice is the object's to refuse
// (it names the key, and an open object ignores its unknown keys however often they come),
// and a string of invalid UTF-8 is the field parser's, which names the field; what
// encoding/json's json.Valid accepts is accepted.
var textOptions = jsonv2.JoinOptions(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

// textReader reads one JSON text in place: jsontext reads a bytes.Buffer without copying
// it, so the values it returns are slices of the text, valid as long as the text is.
type textReader struct {
	dec jsontext.Decoder
	in  bytes.Buffer
}

// textReaders keeps readers for reuse: a game of `tablestakes rate` reads half a dozen
// objects and arrays, each with a reader of its own.
var textReaders = sync.Pool{New: func() any { return new(textReader) }}

// readText returns a reader of text; give it back with release.
func readText(text []byte) *textReader {
	r := textReaders.Get().(*textReader)
	r.in = *bytes.NewBuffer(text)
	r.dec.Reset(&r.in, textOptions)
	return r
}

// release gives the reader back for reuse.
func (r *textReader) release() { textReaders.Put(r) }

// ValidJSON reports whether input is one JSON value with only whitespace around it: the
// answer of encoding/json's json.Valid (strings may hold invalid UTF-8, a key may come
// twice, at most 10,000 levels of nesting).
func ValidJSON(input []byte) bool { return jsontext.Value(input).IsValid(textOptions) }

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
	return object{elem: -1, keys: keys}.decodeWhole(input, false)
}

// decodeObject decodes raw (already valid JSON) as an object whose keys must be among keys.
func decodeObject(raw json.RawMessage, path string, keys ...string) (object, error) {
	return object{path: path, elem: -1, keys: keys}.decode(raw, false, false)
}

// decodeOpenObject is decodeObject for an object that may hold other keys besides keys:
// those are skipped.
func decodeOpenObject(raw json.RawMessage, path string, keys ...string) (object, error) {
	return object{path: path, elem: -1, keys: keys}.decode(raw, true, false)
}

// decodeElement is decodeObject for element i of the array at path, its values kept in
// values (one per key), so that the elements of an array can share one allocation.
func decodeElement(raw json.RawMessage, path string, i int, keys []string, values []json.RawMessage) (object, error) {
	return object{path: path, elem: i, keys: keys, values: values}.decode(raw, false, false)
}

// decodeWhole decodes input, a whole document, as o's object: it must be JSON from end to
// end (malformed JSON is refused first, wherever it is), then an object of o's keys.
func (o object) decodeWhole(input []byte, open bool) (object, error) {
	if len(bytes.TrimSpace(input)) == 0 { // Unicode's spaces too: "\f" is empty, not malformed
		return object{}, fieldErr("input", "empty, want a JSON object")
	}
	if kind(input) != "an object" && !ValidJSON(input) {
		return object{}, malformed(input)
	}
	obj, err := o.decode(input, open, true)
	var syntax *jsontext.SyntacticError
	if errors.As(err, &syntax) {
		return object{}, malformed(input)
	}
	return obj, err
}

// decode decodes raw as an object of o's keys into o, refusing a key given twice and,
// unless open, any other key; the first offending key in the text is the one named. Keys
// compare as they decode ("\u0069d" is "id"). With whole, raw is a whole document and is
// read to its end, and a *jsontext.SyntacticError reports where it stops being JSON; else
// it is a value already checked, and decode stops at the first problem.
func (o object) decode(raw json.RawMessage, open, whole bool) (object, error) {
	keys := o.keys
	if k := kind(raw); k != "an object" {
		what := o.where()
		if what == "" {
			what = "input"
		}
		return object{}, fieldErr(what, "must be an object, got %s", k)
	}
	if o.values == nil {
		o.values = make([]json.RawMessage, len(keys))
	}
	r := readText(raw)
	defer r.release()
	dec := &r.dec
	fail := func(err error) (object, error) {
		if !whole {
			err = malformed(raw) // not reached: the caller checked raw
		}
		return object{}, err
	}
	var problem error // the first key refused; a syntax error further on comes first
	if _, err := dec.ReadToken(); err != nil {
		return fail(err)
	}
	for dec.PeekKind() == '"' {
		name, err := dec.ReadValue()
		if err != nil {
			return fail(err)
		}
		key := name[1 : len(name)-1]
		plain := plainString(key)
		value, err := dec.ReadValue()
		if err != nil {
			return fail(err)
		}
		if problem != nil {
			continue
		}
		k := -1
		if plain {
			for j, want := range keys {
				if string(key) == want {
					k = j
					break
				}
			}
		} else {
			k = slices.Index(keys, unquote(name))
		}
		switch {
		case k < 0 && open:
			continue
		case k < 0:
			problem = fieldErr(o.at(keyName(unquote(name))), "unknown field (want %s)", strings.Join(keys, ", "))
		case o.values[k] != nil:
			problem = fieldErr(o.at(keys[k]), "given twice")
		default:
			o.values[k] = json.RawMessage(value[:len(value):len(value)])
			continue
		}
		if !whole {
			return object{}, problem
		}
	}
	if _, err := dec.ReadToken(); err != nil { // the closing brace
		return fail(err)
	}
	if whole {
		if err := endOfText(raw, dec.InputOffset()); err != nil {
			return fail(err)
		}
	}
	if problem != nil {
		return object{}, problem
	}
	return o, nil
}

// members walks the members of a JSON object (valid JSON): after each call of next that
// reports true, key is the key's text between its quotes, plainKey reports that the text is
// the key itself (no escapes, ASCII only), and value is the value's text.
type members struct {
	b        []byte
	key      []byte
	plainKey bool
	value    json.RawMessage
	// name is the key's text with its quotes; r reads b, from the first call of next
	// until done.
	name []byte
	r    *textReader
	done bool
}

// next moves to the next member; it reports false after the last.
func (m *members) next() bool {
	if m.done {
		return false
	}
	if m.r == nil {
		m.r = readText(m.b)
		if _, err := m.r.dec.ReadToken(); err != nil { // the opening brace
			return m.end()
		}
	}
	if m.r.dec.PeekKind() != '"' {
		return m.end() // the closing brace
	}
	name, err := m.r.dec.ReadValue()
	if err != nil {
		return m.end()
	}
	value, err := m.r.dec.ReadValue()
	if err != nil {
		return m.end()
	}
	m.name, m.key, m.value = name, name[1:len(name)-1], json.RawMessage(value[:len(value):len(value)])
	m.plainKey = plainString(m.key)
	return true
}

// end gives the reader back once the members are walked; it reports false.
func (m *members) end() bool {
	if m.r != nil && !m.done {
		m.r.release()
	}
	m.done = true
	return false
}

// decodedKey returns the current key as encoding/json decodes it: escapes resolved and
// invalid UTF-8 replaced by U+FFFD.
func (m *members) decodedKey() string {
	if m.plainKey {
		return string(m.key)
	}
	return unquote(m.name)
}

// unquote decodes the JSON string quoted (valid JSON), invalid UTF-8 replaced by U+FFFD.
func unquote(quoted []byte) string {
	s, _ := jsontext.AppendUnquote(nil, quoted) // the only error left is invalid UTF-8, replaced
	return string(s)
}

// plainString reports whether text, between a JSON string's quotes, is the string itself:
// no escapes, ASCII only.
func plainString(text []byte) bool {
	for _, c := range text {
		if c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
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

// decodeArray decodes raw (already valid JSON) as a JSON array: the text of each element.
func decodeArray(raw json.RawMessage, path string) ([]json.RawMessage, error) {
	if k := kind(raw); k != "an array" {
		return nil, fieldErr(path, "must be an array, got %s", k)
	}
	r := readText(raw)
	defer r.release()
	var first [8]json.RawMessage // most arrays are short: one allocation, of the right size
	items := first[:0]
	if _, err := r.dec.ReadToken(); err != nil { // the opening bracket
		return nil, malformed(raw)
	}
	for r.dec.PeekKind() != ']' {
		item, err := r.dec.ReadValue()
		if err != nil {
			return nil, malformed(raw)
		}
		items = append(items, json.RawMessage(item[:len(item):len(item)]))
	}
	return append(make([]json.RawMessage, 0, len(items)), items...), nil
}

// kind names the JSON type of raw for error messages.
func kind(raw json.RawMessage) string {
	t := trimSpace(raw)
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
func isNull(raw json.RawMessage) bool { return bytes.Equal(trimSpace(raw), []byte("null")) }

// isSpace reports whether c is JSON whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// trimSpace returns b without leading and trailing JSON whitespace.
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

// contains reports whether list holds s.
func contains(list []string, s string) bool { return slices.Contains(list, s) }
