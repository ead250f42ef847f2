package scoring

import "testing"

// BenchmarkScore measures decoding, validating and scoring one game of each system.
func BenchmarkScore(b *testing.B) {
	inputs := []struct {
		system System
		input  string
	}{
		{Placement, `{"players":[{"id":"A","score":56},{"id":"B","score":42},{"id":"C","score":42},{"id":"D","score":20},{"id":"E","score":12},{"id":"F","score":6},{"id":"G","score":6},{"id":"H","score":0}]}`},
		{BlueMax, `{"sides":[{"name":"W","players":[{"id":"W1","destroyed":2,"points":60},{"id":"W2","destroyed":1,"points":30},{"id":"W3","points":10},{"id":"W4","points":5}]},{"name":"D","players":[{"id":"D1","lost":1,"points":10},{"id":"D2","lost":1,"points":10},{"id":"D3","lost":1,"points":10},{"id":"D4","points":10}]}]}`},
		{Vortex, `{"players":[{"id":"RED","score":90},{"id":"B","score":70},{"id":"C","score":40},{"id":"D","score":50}]}`},
		{Armada, `{"outcome":"solo","players":[{"id":"AUS","centers":0,"years":5,"eliminated":1905},{"id":"ENG","centers":18,"years":10},{"id":"FRA","centers":0,"years":7,"eliminated":1907},{"id":"GER","centers":0,"years":7,"eliminated":1907},{"id":"ITA","centers":6,"years":10},{"id":"RUS","centers":6,"years":10},{"id":"TUR","centers":4,"years":10}],"winners":["ENG"]}`},
		{ArcsAmbition, `{"markers":[[9,5,2],[5,3]],"players":[{"id":"A","count":5,"bonus":5},{"id":"B","count":4},{"id":"C","count":4},{"id":"D","count":1},{"id":"E","count":0}]}`},
	}
	for _, in := range inputs {
		b.Run(string(in.system), func(b *testing.B) {
			data := []byte(in.input)
			for b.Loop() {
				if _, err := Score(in.system, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
