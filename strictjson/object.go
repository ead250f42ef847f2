package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Document reads text, a whole JSON text, as one object that may hold only keys (open: and
// any others, skipped): values[k] is set to the text of keys[k]'s value, nil when absent
// (values has one place per key). The text must be JSON from end to end: where it is not is
// the problem named first, wherever it is; then an empty text, one of another kind, a key
// given twice or an unknown one. Problems are *Error, Field relative to the object.
func Document(text []byte, keys []string, values []json.RawMessage, open bool) error {
	if len(bytes.TrimSpace(text)) == 0 { // Unicode's spaces too: "\f" is empty, not malformed
		return &Error{Problem: "empty, want a JSON object"}
	}
	if Kind(text) != "an object" && !Valid(text) {
		return Malformed(text)
	}
	err := readObject(text, keys, values, open, true)
	var syntax *jsontext.SyntacticError
	if errors.As(err, &syntax) {
		return Malformed(text)
	}
	return err
}

// Object reads raw, a value of a text already read whole, as an object that may hold only
// keys (open: and any others), as Document does; it stops at the first problem.
func Object(raw []byte, keys []string, values []json.RawMessage, open bool) error {
	return readObject(raw, keys, values, open, false)
}

// readObject reads raw as an object of keys into values, refusing a key given twice and,
// unless open, any other key; the first offending key in the text is the one named. Keys
// compare as they decode ("\u0069d" is "id"). With whole, raw is a whole text and is read to
// its end, and a *jsontext.SyntacticError reports where it stops being JSON; else it is a
// value already checked.
func readObject(raw []byte, keys []string, values []json.RawMessage, open, whole bool) error {
	if k := Kind(raw); k != "an object" {
		return &Error{Problem: "must be an object, got " + k}
	}
	r := readText(raw)
	defer r.release()
	dec := &r.dec
	fail := func(err error) error {
		if !whole {
			return Malformed(raw) // not reached: the caller checked raw
		}
		return err
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
		value, err := dec.ReadValue()
		if err != nil {
			return fail(err)
		}
		if problem != nil {
			continue
		}
		k := -1
		if plainString(key) {
			for j, want := range keys {
				if string(key) == want {
					k = j
					break
				}
			}
		} else {
			k = slices.Index(keys, Unquote(name))
		}
		switch {
		case k < 0 && open:
			continue
		case k < 0:
			problem = unknown(KeyName(Unquote(name)), keys)
		case values[k] != nil:
			problem = &Error{Field: keys[k], Problem: "given twice"}
		default:
			values[k] = json.RawMessage(value[:len(value):len(value)])
			continue
		}
		if !whole {
			return problem
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
	return problem
}

// unknown is the problem of a key that is not among keys: field is the key as a path names
// it.
func unknown(field string, keys []string) *Error {
	return &Error{Field: field, Problem: "unknown field (want " + strings.Join(keys, ", ") + ")"}
}

// Map reads raw (valid JSON), an object whose keys are free (seats, usernames), calling
// each with every member in the text's order; a key given twice is refused, as in any other
// object ("ada: given twice", Field the key as a path names it), before each is called for
// it. each's error is returned as it is.
func Map(raw []byte, each func(key string, value json.RawMessage) error) error {
	if k := Kind(raw); k != "an object" {
		return &Error{Problem: "must be an object, got " + k}
	}
	seen := map[string]bool{}
	for m := (Members{Text: raw}); m.Next(); {
		key := m.Key()
		if seen[key] {
			return &Error{Field: KeyName(key), Problem: "given twice"}
		}
		seen[key] = true
		if err := each(key, m.Value); err != nil {
			return err
		}
	}
	return nil
}

// Members walks the members of a JSON object (valid JSON) in the text's order, a key given
// twice included, for a reader that passes members on as they are written (a result body's
// scorer input): after each call of Next that reports true, Value is the member's value's
// text.
type Members struct {
	// Text is the object's text.
	Text []byte
	// Value is the current member's value's text.
	Value json.RawMessage
	// name is the key's text with its quotes; r reads Text, from the first call of Next
	// until done.
	name []byte
	r    *textReader
	done bool
}

// Next moves to the next member; it reports false after the last.
func (m *Members) Next() bool {
	if m.done {
		return false
	}
	if m.r == nil {
		m.r = readText(TrimSpace(m.Text))
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
	m.name, m.Value = name, json.RawMessage(value[:len(value):len(value)])
	return true
}

// end gives the reader back once the members are walked; it reports false.
func (m *Members) end() bool {
	if m.r != nil && !m.done {
		m.r.release()
	}
	m.done = true
	return false
}

// Key is the current key as encoding/json decodes it: escapes resolved and invalid UTF-8
// replaced by U+FFFD.
func (m *Members) Key() string {
	if key := m.name[1 : len(m.name)-1]; plainString(key) {
		return string(key)
	}
	return Unquote(m.name)
}

// Name is the current key's text as written, with its quotes.
func (m *Members) Name() []byte { return m.name }
