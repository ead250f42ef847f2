package strictjson

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Malformed JSON is described as encoding/json described it, which is what TableStakes has
// always said ("malformed JSON at line 3, column 1: invalid character ']' looking for
// beginning of value"): jsontext finds the problem and its offset, and the words are
// mapped to encoding/json's.

// endOfText reports a *jsontext.SyntacticError when anything but whitespace follows the
// value that ends at offset end of text.
func endOfText(text []byte, end int64) error {
	for i := end; i < int64(len(text)); i++ {
		if !isSpace(text[i]) {
			return &jsontext.SyntacticError{ByteOffset: i, Err: fmt.Errorf("invalid character %s after top-level value", quoteChar(text[i:]))}
		}
	}
	return nil
}

// Malformed describes where input stops being JSON, in encoding/json's words
// ("malformed JSON at line 3, column 1: invalid character ']' looking for beginning of
// value"): a problem of the whole text, its Field "".
func Malformed(input []byte) *Error {
	r := readText(input)
	defer r.release()
	_, err := r.dec.ReadValue()
	if err == nil {
		err = endOfText(input, r.dec.InputOffset())
	}
	if err == nil {
		return &Error{Problem: "malformed JSON"} // not reached: input is not JSON
	}
	at, problem := SyntaxProblem(err, input, 0)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		// Point just past the last character, where more was expected.
		line, col := position(input, int64(len(bytes.TrimRight(input, " \t\r\n"))))
		return &Error{Problem: fmt.Sprintf("malformed JSON at line %d, column %d: %s", line, col+1, problem)}
	case at >= 0:
		line, col := position(input, at+1)
		return &Error{Problem: fmt.Sprintf("malformed JSON at line %d, column %d: %s", line, col, problem)}
	}
	return &Error{Problem: "malformed JSON: " + problem}
}

// position turns a byte offset into a 1-based line and column: those of the byte before
// offset.
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

// SyntaxProblem says what is wrong with JSON text that jsontext refused with err, in the
// words of encoding/json's errors, which TableStakes has always given ("unexpected end of
// JSON input", "invalid character ']' looking for beginning of value"), and at which byte
// offset (-1 when err does not say): that of the offending character, as encoding/json's
// messages have always pointed at it. text is what is at hand of the text, from offset
// base on (a stream's reader keeps only its buffer), for the finer words.
func SyntaxProblem(err error, text []byte, base int64) (offset int64, problem string) {
	var syntax *jsontext.SyntacticError
	if !errors.As(err, &syntax) || syntax.Err == nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return -1, "unexpected end of JSON input"
		}
		return -1, strings.TrimPrefix(err.Error(), "jsontext: ")
	}
	at := syntax.ByteOffset
	t := textAt{text: text, i: at - base}
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return at, "unexpected end of JSON input"
	case errors.Is(err, jsontext.ErrNonStringName) && t.ok():
		return at, "invalid character " + t.char() + " looking for beginning of object key string"
	}
	problem = syntax.Err.Error()
	if seq, ok := escapeSequence(problem); ok {
		// jsontext points at the backslash, encoding/json at the character that is wrong.
		i, words := escapeProblem(seq)
		return at + int64(i), words
	}
	if problem == "missing value after object name" && t.ok() {
		return at, "invalid character " + t.char() + " looking for beginning of value"
	}
	rest, ok := strings.CutPrefix(problem, "invalid character ")
	if !ok {
		return at, problem
	}
	// The character is quoted as a rune ('x', '\x00'); the words after it say where.
	for library, words := range encodingJSONWords {
		char, found := strings.CutSuffix(rest, " "+library)
		if !found {
			continue
		}
		switch words {
		case "in numeric literal":
			words = t.numberWords()
		case "after object key:value pair", "after array element":
			words = t.afterDelimiter(words)
		}
		return at, "invalid character " + char + " " + words
	}
	return at, problem
}

// textAt is the offending character, i, of the text at hand, for SyntaxProblem's words.
type textAt struct {
	text []byte
	i    int64
}

// ok reports whether the character is at hand.
func (t textAt) ok() bool { return t.i >= 0 && t.i < int64(len(t.text)) }

// char quotes the character.
func (t textAt) char() string { return quoteChar(t.text[t.i:]) }

// numberWords says where in a number the character breaks it, as encoding/json does:
// "after decimal point in numeric literal", "in exponent of numeric literal", or "in
// numeric literal".
func (t textAt) numberWords() string {
	if t.i < 0 || t.i > int64(len(t.text)) {
		return "in numeric literal"
	}
	start := t.i
	for start > 0 && strings.IndexByte("0123456789+-.eE", t.text[start-1]) >= 0 {
		start--
	}
	switch number := t.text[start:t.i]; {
	case bytes.ContainsAny(number, "eE"):
		return "in exponent of numeric literal"
	case bytes.HasSuffix(number, []byte(".")):
		return "after decimal point in numeric literal"
	}
	return "in numeric literal"
}

// afterDelimiter corrects jsontext's "after object value" or "after array element" (words
// in encoding/json's terms) when no value came: after a colon, an opening bracket or a
// comma in an array a value was looked for, after an opening brace or a comma in an
// object a key.
func (t textAt) afterDelimiter(words string) string {
	if !t.ok() {
		return words
	}
	before := TrimSpace(t.text[:t.i])
	if len(before) == 0 {
		return words
	}
	switch before[len(before)-1] {
	case ':', '[':
		return "looking for beginning of value"
	case '{':
		return "looking for beginning of object key string"
	case ',':
		if words == "after array element" {
			return "looking for beginning of value"
		}
		return "looking for beginning of object key string"
	}
	return words
}

// escapeSequence finds the escape sequence in jsontext's "invalid escape sequence `\\x` in
// string": as much of it as was read, which depends on how the text arrived.
func escapeSequence(problem string) (string, bool) {
	seq, ok := strings.CutPrefix(problem, "invalid escape sequence ")
	if !ok {
		return "", false
	}
	seq, ok = strings.CutSuffix(seq, " in string")
	if !ok || len(seq) < 2 {
		return "", false
	}
	if seq[0] == '`' {
		seq = seq[1 : len(seq)-1]
	} else {
		var err error
		if seq, err = strconv.Unquote(seq); err != nil {
			return "", false
		}
	}
	return seq, len(seq) >= 2 && seq[0] == '\\'
}

// escapeProblem names the character that breaks the escape sequence seq as encoding/json
// does, with its index in seq: the letter after the backslash, or in a \\u escape the first
// that is not a hex digit (it comes before the text ends, or jsontext would have asked for
// more).
func escapeProblem(seq string) (int, string) {
	if seq[1] != 'u' {
		return 1, "invalid character " + quoteChar([]byte(seq[1:])) + " in string escape code"
	}
	for i := 2; i < len(seq); i++ {
		if c := seq[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return i, "invalid character " + quoteChar([]byte(seq[i:])) + " in \\u hexadecimal character escape"
		}
	}
	return 0, "invalid escape sequence " + strconv.Quote(seq) + " in string"
}

// encodingJSONWords maps where jsontext found an unexpected character to the words
// encoding/json uses for the same place.
var encodingJSONWords = map[string]string{
	"at start of value":                           "looking for beginning of value",
	"after top-level value":                       "after top-level value",
	"after object name (expecting ':')":           "after object key",
	"after object value (expecting ',' or '}')":   "after object key:value pair",
	"after array element (expecting ',' or ']')":  "after array element",
	`at start of string (expecting '"')`:          "looking for beginning of object key string",
	"in string (expecting non-control character)": "in string literal",
	"in number (expecting digit)":                 "in numeric literal",
}

// quoteChar quotes the character text starts with as encoding/json's errors do: 'x'.
func quoteChar(text []byte) string {
	switch c := text[0]; {
	case c == '\'':
		return `'\''`
	case c == '"':
		return `'"'`
	case c < 0x80:
		s := strconv.Quote(string(c))
		return "'" + s[1:len(s)-1] + "'"
	}
	return strconv.QuoteRune([]rune(string(text[:min(len(text), 4)]))[0])
}
