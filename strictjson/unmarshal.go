package strictjson

import (
	"bytes"
	"errors"
	"math/big"
	"reflect"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Unmarshal reads text, one JSON object, into v, a pointer to a struct whose fields are
// the object's keys (their json tags; a field's pointer is optional, null leaves a field
// as it is), by the same rule as Document: where the text stops being JSON first, then an
// empty text, a key given twice, a key v has no field for (a map's keys are free) and a
// value of the wrong kind, each named at its field. Problems are *Error.
func Unmarshal(text []byte, v any) error {
	if len(bytes.TrimSpace(text)) == 0 {
		return &Error{Problem: "empty, want a JSON object"}
	}
	if !Valid(text) {
		return Malformed(text)
	}
	if field, found := StringField(text, func(quoted []byte) bool { return !TextString(quoted) }); found {
		// Decoding would replace the invalid bytes with U+FFFD and store a changed text.
		return &Error{Field: field, Problem: "must be valid UTF-8"}
	}
	err := jsonv2.Unmarshal(text, v, jsonv2.RejectUnknownMembers(true))
	if err == nil {
		return nil
	}
	var (
		semantic  *jsonv2.SemanticError
		syntactic *jsontext.SyntacticError
	)
	switch {
	case errors.As(err, &syntactic) && errors.Is(err, jsontext.ErrDuplicateName):
		return &Error{Field: fieldAt(text, syntactic.JSONPointer), Problem: "given twice"}
	case errors.As(err, &semantic) && errors.Is(err, jsonv2.ErrUnknownName):
		return unknown(fieldAt(text, semantic.JSONPointer), fieldNames(semantic.GoType))
	case errors.As(err, &semantic) && semantic.GoType != nil:
		return kindProblem(text, semantic)
	}
	return &Error{Problem: err.Error()}
}

// kindProblem says that a value is not of the kind its field takes, in the words of the
// scorers' own field parsers: "must be a string, got a number", "must be a whole number,
// got 4.5", "number 1e20 out of range".
func kindProblem(text []byte, e *jsonv2.SemanticError) *Error {
	field := fieldAt(text, e.JSONPointer)
	got := kindName(e.JSONKind)
	t := e.GoType
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return &Error{Field: field, Problem: "must be a string, got " + got}
	case reflect.Bool:
		return &Error{Field: field, Problem: "must be true or false, got " + got}
	case reflect.Slice, reflect.Array:
		return &Error{Field: field, Problem: "must be an array, got " + got}
	case reflect.Struct, reflect.Map:
		return &Error{Field: field, Problem: "must be an object, got " + got}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		if e.JSONKind != '0' {
			return &Error{Field: field, Problem: "must be a number, got " + got}
		}
		number := string(e.JSONValue)
		var r big.Rat
		if _, ok := r.SetString(number); ok && !r.IsInt() {
			return &Error{Field: field, Problem: "must be a whole number, got " + number}
		}
		if len(number) > maxShown {
			return &Error{Field: field, Problem: "number out of range"}
		}
		return &Error{Field: field, Problem: "number " + number + " out of range"}
	}
	return &Error{Field: field, Problem: "must not be " + got}
}

// maxShown bounds the text of a value a problem repeats.
const maxShown = 24

// kindName names a JSON kind as problems say it (Kind).
func kindName(k jsontext.Kind) string {
	switch k {
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
	case '0':
		return "a number"
	}
	return "nothing"
}

// fieldNames lists the keys a struct type takes, in the order of its fields (an embedded
// struct's keys in its place), for the problem of a key it does not.
func fieldNames(t reflect.Type) []string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case tag == "-":
		case f.Anonymous && tag == "":
			names = append(names, fieldNames(f.Type)...)
		case !f.IsExported():
		case tag != "":
			names = append(names, tag)
		default:
			names = append(names, f.Name)
		}
	}
	return names
}

// TextString reports whether a JSON string, as written (with its quotes), is UTF-8 text:
// no invalid bytes, and no escape of half a surrogate pair ("\udc00"), which a lenient
// decoder would silently turn into U+FFFD.
func TextString(quoted []byte) bool {
	_, err := jsontext.AppendUnquote(nil, quoted)
	return err == nil
}

// StringField names the first string of text (valid JSON), a member's name or a value, for
// which bad reports true, given the string's text as written (with its quotes); found is
// false when none is. The field of a name is the member it names.
func StringField(text []byte, bad func(quoted []byte) bool) (field string, found bool) {
	r := readText(text)
	defer r.release()
	for {
		if r.dec.PeekKind() == '"' {
			quoted, err := r.dec.ReadValue()
			if err != nil {
				return "", false
			}
			if bad(quoted) {
				return fieldAt(text, r.dec.StackPointer()), true
			}
			continue
		}
		if _, err := r.dec.ReadToken(); err != nil {
			return "", false
		}
	}
}
