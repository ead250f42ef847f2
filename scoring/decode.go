package scoring

import (
	"encoding/json"

	"github.com/tablestakes/tablestakes/strictjson"
)

// The scorers decode their input by hand rather than into tagged structs, so that every
// problem can name its exact field path ("sides[1].players[0].lost"), duplicate keys and
// unknown fields are refused, and no number can make the arithmetic blow up. The JSON
// itself is read by strictjson, TableStakes' one strict reader of JSON, which the API's
// bodies go through too: a document is walked token by token once, which checks it, and
// each object's values are kept as slices of the text for the field parsers
// (decode_values.go).

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
	return strictjson.Index(o.path, o.elem)
}

// at is the field path of key in the object: "players[2].score".
func (o object) at(key string) string { return strictjson.Join(o.where(), key) }

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

// decodeWhole decodes input, a whole document, as o's object: it must be JSON from end to
// end (malformed JSON is refused first, wherever it is), then an object of o's keys.
func (o object) decodeWhole(input []byte, open bool) (object, error) {
	o.values = make([]json.RawMessage, len(o.keys))
	if err := strictjson.Document(input, o.keys, o.values, open); err != nil {
		return object{}, o.refused(err)
	}
	return o, nil
}

// decode decodes raw (already valid JSON) as an object of o's keys into o, refusing a key
// given twice and, unless open, any other key (strictjson.Object).
func (o object) decode(raw json.RawMessage, open bool) (object, error) {
	if o.values == nil {
		o.values = make([]json.RawMessage, len(o.keys))
	}
	if err := strictjson.Object(raw, o.keys, o.values, open); err != nil {
		return object{}, o.refused(err)
	}
	return o, nil
}

// refused puts strictjson's problem with the object at its path: a problem of the whole
// object (not an object, malformed) at the object's own, "input" for the document.
func (o object) refused(err error) error {
	se, ok := err.(*strictjson.Error)
	if !ok {
		return err
	}
	where := o.where()
	if se.Field == "" && where == "" {
		where = "input"
	}
	return fromStrict(se.Under(where))
}

// fromStrict is strictjson's problem as a scorer's *FieldError; any other error is
// returned as it is.
func fromStrict(err error) error {
	if se, ok := err.(*strictjson.Error); ok {
		return &FieldError{Field: se.Field, Problem: se.Problem}
	}
	return err
}

// malformed describes where input stops being JSON (strictjson.Malformed), a problem of
// the "input".
func malformed(input []byte) error {
	return &FieldError{Field: "input", Problem: strictjson.Malformed(input).Problem}
}

// decodeArray decodes raw (already valid JSON) as a JSON array: the text of each element.
func decodeArray(raw json.RawMessage, path string) ([]json.RawMessage, error) {
	items, err := strictjson.Array(raw)
	if se, ok := err.(*strictjson.Error); ok {
		return nil, fromStrict(se.Under(path))
	}
	return items, nil
}
