package scoring

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/tablestakes/tablestakes/strictjson"
)

// The field parsers: each takes the text of one value (already valid JSON) and returns
// what the scorers compute with, or a *FieldError without its path, which the caller
// (object.under) gives it.

// given reports whether key is present, even as null.
func (o object) given(key string) bool {
	k := slices.Index(o.keys, key)
	return k >= 0 && o.values[k] != nil
}

// field returns the raw value of key and whether it is present and not null.
func (o object) field(key string) (json.RawMessage, bool) {
	k := slices.Index(o.keys, key)
	if k < 0 || o.values[k] == nil || strictjson.IsNull(o.values[k]) {
		return nil, false
	}
	return o.values[k], true
}

// array decodes the required array at key.
func (o object) array(key string) ([]json.RawMessage, error) {
	raw, ok := o.field(key)
	if !ok {
		return nil, missingErr(o.at(key))
	}
	items, err := decodeArray(raw, "")
	return items, o.under(key, err)
}

// id decodes the required, non-empty string at key (a player or side id).
func (o object) id(key string) (string, error) {
	raw, ok := o.field(key)
	if !ok {
		return "", missingErr(o.at(key))
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
	raw = strictjson.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return "", fieldErr(path, "must be a string, got %s", strictjson.Kind(raw))
	}
	if text := raw[1 : len(raw)-1]; printableASCII(text) {
		return string(text), nil // the string itself, without decoding it
	}
	if !strictjson.TextString(raw) {
		// Decoding would replace invalid bytes or half a surrogate pair ("\ud800") with
		// U+FFFD, which would silently change the id.
		return "", fieldErr(path, "must be valid UTF-8")
	}
	return strictjson.Unquote(raw), nil
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
	if strictjson.Kind(raw) != "a boolean" {
		return false, fieldErr(o.at(key), "must be true or false, got %s", strictjson.Kind(raw))
	}
	return bytes.Equal(strictjson.TrimSpace(raw), []byte("true")), nil
}

// number decodes the required number at key exactly.
func (o object) number(key string) (*big.Rat, error) {
	return o.numberInto(key, nil)
}

// numberInto is number, keeping a whole number in dst when it is not nil (the zero Rat).
func (o object) numberInto(key string, dst *big.Rat) (*big.Rat, error) {
	raw, ok := o.field(key)
	if !ok {
		return nil, missingErr(o.at(key))
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
			return 0, missingErr(o.at(key))
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
			return 0, negativeErr(path, strconv.FormatInt(n, 10))
		case n < low:
			return 0, atLeastErr(path, low, strconv.FormatInt(n, 10))
		case n > maxCount:
			return 0, atMostErr(path, maxCount, strconv.FormatInt(n, 10))
		}
		return n, nil
	}
	r, err := parseNumber(raw, path)
	if err != nil {
		return 0, err
	}
	if !r.IsInt() {
		got := string(bytes.TrimSpace(raw))
		return 0, wordedErr(path, "scoring.whole", map[string]any{"Got": got}, "must be a whole number, got "+got)
	}
	n := r.Num()
	if n.Sign() < 0 && low >= 0 {
		return 0, negativeErr(path, n.String())
	}
	if n.Cmp(big.NewInt(low)) < 0 {
		return 0, atLeastErr(path, low, n.String())
	}
	if n.Cmp(big.NewInt(maxCount)) > 0 {
		return 0, atMostErr(path, maxCount, n.String())
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
	raw = strictjson.TrimSpace(raw)
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

// missingErr is the problem of a required field left out.
func missingErr(path string) *FieldError {
	return wordedErr(path, "scoring.missing", nil, "missing")
}

// negativeErr is the problem of a count below zero (got, as typed).
func negativeErr(path, got string) *FieldError {
	return wordedErr(path, "scoring.negative", map[string]any{"Got": got}, "must not be negative, got "+got)
}

// atLeastErr is the problem of a count below low.
func atLeastErr(path string, low int64, got string) *FieldError {
	return wordedErr(path, "scoring.at_least", map[string]any{"Min": low, "Got": got},
		fmt.Sprintf("must be at least %d, got %s", low, got))
}

// atMostErr is the problem of a count above high.
func atMostErr(path string, high int64, got string) *FieldError {
	return wordedErr(path, "scoring.at_most", map[string]any{"Max": high, "Got": got},
		fmt.Sprintf("must be at most %d, got %s", high, got))
}
