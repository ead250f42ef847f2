package templates

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
)

// Whole-number boxes open a phone's numeric keypad; a score that may be a fraction keeps the
// decimal one (issue 34, "Phone layouts").
func TestResultFormNumberBoxesOpenTheRightKeypad(t *testing.T) {
	tests := []struct {
		game string
		// modes are each number box's name and inputmode, in page order.
		modes string
		board bool
	}{
		{"cartagena", "score-1:decimal", false},
		{"blue-max", "units-1:numeric lost-1:numeric destroyed-1:numeric points-1:numeric", false},
		{"diplomacy", "centers-1:numeric years-1:numeric eliminated-1:numeric", false},
		{"vortex", "score-1:decimal die:numeric t1-1:numeric t2-1:numeric t3-1:numeric t4-1:numeric", true},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			g, err := scoring.GameBySlug(tt.game)
			require.NoError(t, err)
			v := ResultFormView{GameID: 1, GameNumber: 1, GameName: g.Name, Form: scoring.FormOf(g),
				Seats:     []ResultSeatForm{{Position: 1, Username: "ann", Side: "North", Values: map[string]string{}}},
				SideNames: []string{"North", "South"}, VortexFromBoard: tt.board}
			doc, err := goquery.NewDocumentFromReader(strings.NewReader(render(t, ResultForm(Page{Title: "Record"}, v))))
			require.NoError(t, err)
			var modes []string
			doc.Find("input.num-input").Each(func(_ int, s *goquery.Selection) {
				modes = append(modes, s.AttrOr("name", "")+":"+s.AttrOr("inputmode", ""))
			})
			assert.Equal(t, tt.modes, strings.Join(modes, " "))
		})
	}
}
