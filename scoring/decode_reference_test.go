package scoring

import (
	"bytes"
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/strictjson"
)

// The decoder as it was before the hand-written scanner (one json.Decoder per object,
// json.Unmarshal per array): the reference the differential tests hold decode.go to.

// referenceObject is one object as the reference decoder decodes it.
type referenceObject struct {
	path   string
	fields map[string]json.RawMessage
}

// referenceDecodeDocument is decodeDocument before the scanner.
func referenceDecodeDocument(input []byte, keys ...string) (referenceObject, error) {
	if len(bytes.TrimSpace(input)) == 0 {
		return referenceObject{}, fieldErr("input", "empty, want a JSON object")
	}
	if !json.Valid(input) {
		return referenceObject{}, malformed(input)
	}
	return referenceDecodeObject(json.RawMessage(input), "", keys...)
}

// referenceDecodeObject is decodeObject before the scanner.
func referenceDecodeObject(raw json.RawMessage, path string, keys ...string) (referenceObject, error) {
	what := path
	if what == "" {
		what = "input"
	}
	if strictjson.Kind(raw) != "an object" {
		return referenceObject{}, fieldErr(what, "must be an object, got %s", strictjson.Kind(raw))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // the opening brace
		return referenceObject{}, fieldErr(what, "malformed object: %v", err)
	}
	obj := referenceObject{path: path, fields: map[string]json.RawMessage{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return referenceObject{}, fieldErr(what, "malformed object: %v", err)
		}
		key, _ := tok.(string) // a key token of a valid object is always a string
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return referenceObject{}, fieldErr(strictjson.Join(path, strictjson.KeyName(key)), "malformed value: %v", err)
		}
		if !slices.Contains(keys, key) {
			return referenceObject{}, fieldErr(strictjson.Join(path, strictjson.KeyName(key)), "unknown field (want %s)", strings.Join(keys, ", "))
		}
		if _, dup := obj.fields[key]; dup {
			return referenceObject{}, fieldErr(strictjson.Join(path, key), "given twice")
		}
		obj.fields[key] = value
	}
	return obj, nil
}

// referenceDecodeArray is decodeArray before the scanner.
func referenceDecodeArray(raw json.RawMessage, path string) ([]json.RawMessage, error) {
	if strictjson.Kind(raw) != "an array" {
		return nil, fieldErr(path, "must be an array, got %s", strictjson.Kind(raw))
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, fieldErr(path, "malformed array: %v", err)
	}
	return items, nil
}

// halfSurrogate reports whether the JSON string quoted escapes half a surrogate pair: a
// high one ("\ud800") not followed by the escape of a low one, or a low one alone.
func halfSurrogate(quoted []byte) bool {
	hex := func(i int) (rune, bool) {
		if i+6 > len(quoted) || quoted[i] != '\\' || quoted[i+1] != 'u' {
			return 0, false
		}
		n, err := strconv.ParseUint(string(quoted[i+2:i+6]), 16, 32)
		return rune(n), err == nil
	}
	for i := 0; i < len(quoted); i++ {
		if quoted[i] != '\\' {
			continue
		}
		r, ok := hex(i)
		if !ok {
			i++ // a two-character escape
			continue
		}
		switch {
		case r >= 0xdc00 && r <= 0xdfff:
			return true
		case r >= 0xd800 && r <= 0xdbff:
			low, ok := hex(i + 6)
			if !ok || low < 0xdc00 || low > 0xdfff {
				return true
			}
			i += 6
		}
		i += 5
	}
	return false
}

// referenceParseID is parseID before its fast path, refusing half a surrogate pair as the
// one strict reader does.
func referenceParseID(raw json.RawMessage, path string) (string, error) {
	if strictjson.Kind(raw) != "a string" {
		return "", fieldErr(path, "must be a string, got %s", strictjson.Kind(raw))
	}
	if !utf8.Valid(raw) || halfSurrogate(raw) {
		// Checked on the raw text: decoding replaces invalid bytes and half a surrogate pair
		// with U+FFFD, which would silently change the id.
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

// referenceParseCount is parseCount before its fast path.
func referenceParseCount(raw json.RawMessage, path string, low int64) (int64, error) {
	r, err := referenceParseNumber(raw, path)
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

// referenceParseNumber is parseNumber before its fast path.
func referenceParseNumber(raw json.RawMessage, path string) (*big.Rat, error) {
	if strictjson.Kind(raw) != "a number" {
		return nil, fieldErr(path, "must be a number, got %s", strictjson.Kind(raw))
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
