package scoring

import (
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
)

// Fuzz targets, one per scorer's decoder: no input may panic, every refusal is a one-line
// *FieldError, and every accepted input yields a well-formed result that keeps the
// system's invariants. The corpus found so far is kept in testdata/fuzz.

// checkFuzzedScore checks one Score call on fuzzed input.
func checkFuzzedScore(t *testing.T, system System, input []byte) {
	res, err := Score(system, input)
	if err != nil {
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Fatalf("error %q (%T) is not a *FieldError", err, err)
		}
		if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
			t.Fatalf("error is not one line: %q", msg)
		}
		if fe.Field == "" {
			t.Fatalf("error names no field: %q", err)
		}
		return
	}
	if res.System != system || len(res.Results) < 2 {
		t.Fatalf("result %+v for system %s", res, system)
	}
	sum := new(big.Rat)
	ids := map[string]bool{}
	winners := 0
	for _, r := range res.Results {
		if r.Points == nil || r.ID == "" || ids[r.ID] || r.Explanation == "" {
			t.Fatalf("bad result line %+v", r)
		}
		ids[r.ID] = true
		sum.Add(sum, r.Points)
		if r.Winner {
			winners++
		}
	}
	if winners == 0 {
		t.Fatalf("no winner in %+v", res.Results)
	}
	n := int64(len(res.Results))
	switch system {
	case Armada:
		if sum.Cmp(ratInt(ArmadaPot)) != 0 {
			t.Fatalf("ARMADA points sum to %s", sum.RatString())
		}
	case Placement:
		if want := ratInt((n - 1) * n * (n + 1) / 3); sum.Cmp(want) != 0 {
			t.Fatalf("placement points sum to %s, want %s", sum.RatString(), want.RatString())
		}
	case BlueMax, WoodenShips:
		switch res.Victory {
		case Strategic, Tactical, Marginal:
			if res.WinningSide == "" {
				t.Fatalf("%s victory without a winning side", res.Victory)
			}
		case Draw:
			if res.WinningSide != "" {
				t.Fatalf("draw with winning side %q", res.WinningSide)
			}
		default:
			t.Fatalf("victory %q", res.Victory)
		}
	}
	out, err := json.Marshal(res)
	if err != nil {
		t.Fatalf("marshal result: %v", err)
	}
	if !json.Valid(out) {
		t.Fatalf("result JSON invalid: %s", out)
	}
}

func FuzzPlacement(f *testing.F) {
	for _, s := range []string{
		`{"players":[{"id":"A","score":1000},{"id":"B","score":970},{"id":"C","score":970},{"id":"D","score":800},{"id":"E","score":770}]}`,
		`{"players":[{"id":"A","score":32},{"id":"B","score":28},{"id":"C","score":28},{"id":"D","score":10}],"lower_is_better":true}`,
		`{"players":[{"id":"A","score":-1.5e2},{"id":"B","score":0.001}]}`,
		`{"players":[{"id":"A","score":1},{"id":"A","score":1}]}`,
		`{"players":[`, `[]`, `{"players":null}`, `{"players":[{"id":"A"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) { checkFuzzedScore(t, Placement, input) })
}

func FuzzTeamGame(f *testing.F) {
	for _, s := range []string{
		`{"sides":[{"name":"W","players":[{"id":"W1","units":1,"lost":0,"destroyed":2,"points":40},{"id":"W2","destroyed":1,"points":20},{"id":"W3","points":10}]},{"name":"D","players":[{"id":"D1","lost":1},{"id":"D2","lost":1},{"id":"D3","lost":1}]}]}`,
		`{"sides":[{"name":"W","players":[{"id":"W1","lost":1,"destroyed":1,"points":120}]},{"name":"D","players":[{"id":"D1","lost":1,"destroyed":1,"points":100}]}]}`,
		`{"sides":[{"name":"A","players":[{"id":"A1","units":3,"lost":2,"points":1.5}]},{"name":"B","players":[{"id":"B1","units":2,"lost":1,"destroyed":2}]}]}`,
		`{"sides":[{"name":"W","players":[{"id":"W1","lost":3}]},{"name":"D","players":[]}]}`,
		`{"sides":[]}`, `{"sides":[{},{}]}`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, input []byte, wooden bool) {
		system := BlueMax
		if wooden {
			system = WoodenShips
		}
		checkFuzzedScore(t, system, input)
	})
}

func FuzzVortex(f *testing.F) {
	for _, s := range []string{
		`{"players":[{"id":"RED","score":90},{"id":"B","score":70},{"id":"C","score":40},{"id":"D","score":50}]}`,
		`{"players":[{"id":"RED","score":23},{"id":"BLUE","score":20},{"id":"CYAN","score":23}]}`,
		`{"players":[{"id":"A","score":1e30},{"id":"B","score":-1e-30}]}`,
		`{"players":[{"id":"A","score":"9"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) { checkFuzzedScore(t, Vortex, input) })
}

func FuzzArmada(f *testing.F) {
	for _, s := range []string{
		`{"outcome":"solo","players":[{"id":"AUS","centers":0,"years":5,"eliminated":1905},{"id":"ENG","centers":18,"years":10},{"id":"FRA","centers":0,"years":7,"eliminated":1907},{"id":"GER","centers":0,"years":7,"eliminated":1907},{"id":"ITA","centers":6,"years":10},{"id":"RUS","centers":6,"years":10},{"id":"TUR","centers":4,"years":10}],"winners":["ENG"]}`,
		`{"outcome":"draw","players":[{"id":"AUS","centers":0,"years":4,"eliminated":1904},{"id":"ENG","centers":10,"years":12},{"id":"RUS","centers":9,"years":12},{"id":"TUR","centers":15,"years":12}],"winners":["ENG","RUS","TUR"]}`,
		`{"outcome":"concession","players":[{"id":"A","centers":5,"years":14},{"id":"B","centers":16,"years":14}],"winners":["B"]}`,
		`{"outcome":"draw","players":[{"id":"A","centers":5,"years":1},{"id":"B","centers":6,"years":1}],"winners":["A"]}`,
		`{"outcome":"solo","winners":[]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) { checkFuzzedScore(t, Armada, input) })
}

func FuzzArcsAmbition(f *testing.F) {
	for _, s := range []string{
		`{"markers":[[5,3],[3,2]],"players":[{"id":"A","count":3,"bonus":2},{"id":"B","count":3}],"neutral":0}`,
		`{"markers":[[9,5,2]],"players":[{"id":"A","count":5},{"id":"B","count":4},{"id":"C","count":4},{"id":"D","count":1},{"id":"E","count":0,"bonus":5}]}`,
		`{"markers":[[5,3]],"players":[{"id":"A","count":3},{"id":"B","count":1}],"neutral":3}`,
		`{"markers":[[5]],"players":[]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) { checkFuzzedScore(t, ArcsAmbition, input) })
}
