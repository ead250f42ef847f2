package strictjson

import (
	"bytes"
	"encoding/json"
	"sync"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// textOptions are how a text is read token by token. A key given twice is the object
// reader's to refuse (it names the key, and an open object skips its unknown keys however
// often they come), and a string of invalid UTF-8 is the field parser's, which names the
// field; what encoding/json's json.Valid accepts is accepted.
var textOptions = jsonv2.JoinOptions(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

// ReadOptions are the options of a jsontext.Decoder reading a stream of inputs to be read
// by this package (`tablestakes rate`): the same as its own.
func ReadOptions() jsonv2.Options { return textOptions }

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

// Valid reports whether text is one JSON value with only whitespace around it: the answer
// of encoding/json's json.Valid (strings may hold invalid UTF-8, a key may come twice, at
// most 10,000 levels of nesting).
func Valid(text []byte) bool { return jsontext.Value(text).IsValid(textOptions) }

// Kind names the JSON type of raw as problems say it: "an object", "an array", "a string",
// "a boolean", "null", "a number", or "nothing".
func Kind(raw []byte) string {
	t := TrimSpace(raw)
	if len(t) == 0 {
		return "nothing"
	}
	k := jsontext.Kind(t[0])
	if k == '-' || k >= '0' && k <= '9' {
		k = '0'
	}
	return kindName(k)
}

// IsNull reports whether raw is JSON null.
func IsNull(raw []byte) bool { return bytes.Equal(TrimSpace(raw), []byte("null")) }

// isSpace reports whether c is JSON whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// TrimSpace returns b without leading and trailing JSON whitespace.
func TrimSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && isSpace(b[i]) {
		i++
	}
	for j > i && isSpace(b[j-1]) {
		j--
	}
	return b[i:j]
}

// Unquote decodes the JSON string quoted (valid JSON), invalid UTF-8 replaced by U+FFFD.
func Unquote(quoted []byte) string {
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

// Array reads raw (valid JSON) as a JSON array: the text of each element. A value of
// another kind is refused ("must be an array, got a string"), its Field "".
func Array(raw []byte) ([]json.RawMessage, error) {
	if k := Kind(raw); k != "an array" {
		return nil, &Error{Problem: "must be an array, got " + k}
	}
	r := readText(raw)
	defer r.release()
	var first [8]json.RawMessage // most arrays are short: one allocation, of the right size
	items := first[:0]
	if _, err := r.dec.ReadToken(); err != nil { // the opening bracket
		return nil, Malformed(raw)
	}
	for r.dec.PeekKind() != ']' {
		item, err := r.dec.ReadValue()
		if err != nil {
			return nil, Malformed(raw)
		}
		items = append(items, json.RawMessage(item[:len(item):len(item)]))
	}
	return append(make([]json.RawMessage, 0, len(items)), items...), nil
}
