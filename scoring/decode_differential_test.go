package scoring

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tablestakes/tablestakes/strictjson"
)

// The decoder in decode.go must accept exactly what encoding/json accepts and decode exactly
// what the json.Decoder it replaced decoded, with the same errors: these tests hold it, and
// the jsontext reading under it, to encoding/json and to the reference decoder
// (decode_reference_test.go).

// decoderSeeds are inputs at the edges of JSON's grammar and of the decoder's rules.
var decoderSeeds = []string{
	``, ` `, `{}`, `[]`, `{"players":[]}`, `{"id":"A","score":1}`, ` {"id" : "A" , "score" : -1.5e3 } `,
	`{"id":"A","id":"B"}`, `{"id":"A","colour":"red"}`, `{"\u0069d":"A","score":2}`, `{"i\"d":1}`,
	`{"":1}`, `{"Zoë":1}`, "{\"a\xffb\":1}", `{"id":"A\u0000"}`, `{"id":"  "}`, `{"id":"\t"}`,
	`{"id":null,"score":null}`, `{"score":"10"}`, `{"score":1e999999999}`, `{"score":-0}`,
	`{"score":0.5}`, `{"score":1E+2}`, `{"score":123456789012345678}`, `{"score":1234567890123456789}`,
	`{"score":-1234567890123456789}`, `{"score":10000000000}`, `{"score":1000000000}`, `{"score":1.0}`,
	`{"players":[{"id":"A","score":1},{"id":"B","score":2}]}`, `{"players":[1,"2",[3],{"4":4},true,null]}`,
	`{"players":[ ]}`, `{"players":[[],[[]],{}]}`, `{"players":"A"}`, `[1,2]`, `"A"`, `1`, `true`, `null`,
	`{"players":[` + strings.Repeat(`{"id":"x","score":1},`, 20) + `{"id":"y","score":2}]}`,
	`{"a":"\\"}`, `{"id":"a\ud800b"}`, `{"id":"\udc00"}`, `{"\ud800":1}`, `{"a":"\/\b\f\n\r\t\uABCD\uabcd"}`, `{"a":"\u12"}`, `{"a":"\x"}`, "{\"a\":\"\x01\"}",
	`{"a":01}`, `{"a":-}`, `{"a":1.}`, `{"a":.5}`, `{"a":1e}`, `{"a":1e+}`, `{"a":+1}`, `{"a":-01}`,
	`{"a":tru}`, `{"a":truex}`, `{"a":nul}`, `{"a":[1,]}`, `{"a":1,}`, `{,}`, `{"a"}`, `{"a":}`, `{"a" 1}`,
	`{"a":1}}`, `{"a":1} x`, `{"a":1}{}`, "{\"a\":1}\n\t\r ", `{"a":"` + "\x7f" + `"}`, `{"a":"` + "\xc3" + `"}`,
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	`{"a":` + strings.Repeat(`{"a":`, 9998) + `1` + strings.Repeat("}", 9999),
	`{"a":` + strings.Repeat(`{"a":`, 9999) + `1` + strings.Repeat("}", 10000),
}

func TestValidJSONAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, s := range decoderSeeds {
		if got, want := strictjson.Valid([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("strictjson.Valid(%.60q) = %v, json.Valid says %v", s, got, want)
		}
	}
}

func FuzzValidJSON(f *testing.F) {
	for _, s := range decoderSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		if got, want := strictjson.Valid(input), json.Valid(input); got != want {
			t.Fatalf("strictjson.Valid(%q) = %v, json.Valid says %v", input, got, want)
		}
	})
}

func TestDecoderAgreesWithReference(t *testing.T) {
	t.Parallel()
	for _, s := range decoderSeeds {
		checkDecoderAgrees(t, []byte(s))
	}
}

func FuzzDecoderAgreesWithReference(f *testing.F) {
	for _, s := range decoderSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkDecoderAgrees)
}

// decoderKeys are the keys the differential tests allow: a known key given twice, an
// unknown key and a key spelled with an escape all come up.
var decoderKeys = []string{"id", "score", "players", "a"}

// checkDecoderAgrees decodes input as a document with the decoder and with the reference
// decoder, and every value in it as an array, an id, a number and a count: the answers and
// errors must be the same.
func checkDecoderAgrees(t *testing.T, input []byte) {
	got, gotErr := decodeDocument(input, decoderKeys...)
	want, wantErr := referenceDecodeDocument(input, decoderKeys...)
	if errText(gotErr) != errText(wantErr) {
		t.Fatalf("decodeDocument(%q): error %q, reference %q", input, errText(gotErr), errText(wantErr))
	}
	if gotErr != nil {
		return
	}
	for k, key := range decoderKeys {
		wantRaw, wantOK := want.fields[key]
		if got.given(key) != wantOK || !bytes.Equal(got.values[k], wantRaw) {
			t.Fatalf("decodeDocument(%q)[%s] = %q, reference %q", input, key, got.values[k], wantRaw)
		}
		if wantOK {
			checkValueAgrees(t, wantRaw, key, 0)
		}
	}
}

// checkValueAgrees decodes raw (valid JSON) every way the scorers do, with the decoder's
// functions and the reference's, down to depth 3.
func checkValueAgrees(t *testing.T, raw json.RawMessage, path string, depth int) {
	if depth > 3 {
		return
	}
	obj, err := decodeObject(raw, path, decoderKeys...)
	refObj, refErr := referenceDecodeObject(raw, path, decoderKeys...)
	if errText(err) != errText(refErr) {
		t.Fatalf("decodeObject(%q): error %q, reference %q", raw, errText(err), errText(refErr))
	}
	if err == nil {
		for k, key := range decoderKeys {
			if !bytes.Equal(obj.values[k], refObj.fields[key]) {
				t.Fatalf("decodeObject(%q)[%s] = %q, reference %q", raw, key, obj.values[k], refObj.fields[key])
			}
			if v, ok := refObj.fields[key]; ok {
				checkValueAgrees(t, v, strictjson.Join(path, key), depth+1)
			}
		}
	}
	open, err := decodeOpenObject(raw, path, "id", "score")
	if err == nil {
		// An open object keeps the known keys as a closed one would, ignoring the rest.
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil {
			t.Fatalf("decodeOpenObject(%q) accepted a non-object", raw)
		}
	} else if !strings.Contains(err.Error(), "given twice") && !strings.Contains(err.Error(), "must be an object") {
		t.Fatalf("decodeOpenObject(%q): %v", raw, err)
	}
	_ = open
	items, err := decodeArray(raw, path)
	refItems, refErr := referenceDecodeArray(raw, path)
	if errText(err) != errText(refErr) {
		t.Fatalf("decodeArray(%q): error %q, reference %q", raw, errText(err), errText(refErr))
	}
	if err == nil {
		if fmt.Sprintf("%q", items) != fmt.Sprintf("%q", refItems) || len(items) != len(refItems) {
			t.Fatalf("decodeArray(%q) = %q, reference %q", raw, items, refItems)
		}
		for i, item := range items {
			checkValueAgrees(t, item, strictjson.Index(path, i), depth+1)
		}
	}
	id, err := parseID(raw, path)
	refID, refErr := referenceParseID(raw, path)
	if errText(err) != errText(refErr) || id != refID {
		t.Fatalf("parseID(%q) = %q, %q; reference %q, %q", raw, id, errText(err), refID, errText(refErr))
	}
	n, err := parseNumber(raw, path)
	refN, refErr := referenceParseNumber(raw, path)
	if errText(err) != errText(refErr) || (err == nil && n.Cmp(refN) != 0) {
		t.Fatalf("parseNumber(%q) = %v, %q; reference %v, %q", raw, n, errText(err), refN, errText(refErr))
	}
	for _, low := range []int64{0, 1, -5} {
		c, err := parseCount(raw, path, low)
		refC, refErr := referenceParseCount(raw, path, low)
		if errText(err) != errText(refErr) || c != refC {
			t.Fatalf("parseCount(%q, %d) = %d, %q; reference %d, %q", raw, low, c, errText(err), refC, errText(refErr))
		}
	}
}

// errText is err's message, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
