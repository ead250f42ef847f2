package league

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// no repeats "no" n times.
func no(n int) []string { return slices.Repeat([]string{"no"}, n) }

// walkIDs lists the questions a walk answered, by node id.
func walkIDs(w SupercatWalk) []string {
	ids := make([]string, len(w.Trail))
	for i, s := range w.Trail {
		ids[i] = s.Node.ID
	}
	return ids
}

func TestWalkSupercatSelectedCardGoesThroughPreludeToItsPage(t *testing.T) {
	t.Parallel()
	start := SupercatTurn{Card: cardPtr("aggression", 6), Next: NextSuit, Options: []ActionCard{card("aggression", 6), card("construction", 2)}}
	// Prelude's seven guidelines, then Aggression's first bullet.
	w, err := WalkSupercat(start, cardPtr("aggression", 3), no(7))
	require.NoError(t, err)
	require.NotNil(t, w.Current)
	assert.Equal(t, "agg-1", w.Current.ID)
	assert.Equal(t, "Can bot Secure to **contend** a declared ambition?", w.Current.Question)
	assert.Equal(t, "[2]", w.Current.Cite)
	assert.Equal(t, []string{"yes", "no"}, w.Choices)

	// "Can bot Secure to contend a declared ambition? [2]": yes names the action, then the
	// bot restarts the page while actions remain, and the turn ends when none remain.
	w, err = WalkSupercat(start, cardPtr("aggression", 3), append(no(7), "yes", "yes", "no", "yes", "no"))
	require.NoError(t, err)
	assert.True(t, w.Done)
	assert.Nil(t, w.Current)
	assert.Equal(t, []string{"Secure to **contend** a declared ambition", "Secure an **effective** Vox card", "The turn ends."}, w.Actions)
	assert.Equal(t, []string{"pre-1", "pre-2", "pre-3", "pre-4", "pre-5", "pre-6", "pre-7", "agg-1", "agg-again", "agg-1", "agg-2", "agg-again"}, walkIDs(w))
	assert.Equal(t, "aggression", w.Page)
	assert.Equal(t, card("aggression", 6), *w.Card)
}

func TestWalkSupercatPass(t *testing.T) {
	t.Parallel()
	w, err := WalkSupercat(SupercatTurn{Pass: true, Next: NextPass}, nil, nil)
	require.NoError(t, err)
	assert.True(t, w.Done)
	assert.Nil(t, w.Current)
	_, err = WalkSupercat(SupercatTurn{Pass: true, Next: NextPass}, nil, []string{"yes"})
	require.NoError(t, err, "a passing bot reads no answers")
}

func TestWalkSupercatGeneralPriorities(t *testing.T) {
	t.Parallel()
	gp := func(options ...ActionCard) SupercatTurn {
		return SupercatTurn{Next: NextGeneralPriorities, Options: options}
	}
	tests := []struct {
		name     string
		start    SupercatTurn
		lead     *ActionCard
		answers  []string
		current  string
		card     *ActionCard
		page     string
		copyLead bool
		outcome  string // of the last answered question
	}{
		{
			// Type 4: "if the answer is “yes” AND the bot has a card of the indicated suit
			// available ... then select that card."
			name:    "yes with a card of the suit selects it and goes to Prelude",
			start:   gp(card("construction", 2), card("aggression", 3)),
			answers: []string{"no", "yes"},
			current: "pre-1", card: cardPtr("aggression", 3), page: "aggression",
			outcome: "Select Aggression 3. Check for Prelude actions, then go to the aggression page.",
		},
		{
			name:    "the first available suit in the seed's order is selected",
			start:   gp(card("aggression", 5), card("administration", 2)),
			answers: []string{"yes"},
			current: "pre-1", card: cardPtr("administration", 2), page: "administration",
		},
		{
			// "If the indicated suit is not available, proceed to the next question."
			name:    "yes without a card of the suit goes on to the next question",
			start:   gp(card("construction", 2), card("construction", 5)),
			answers: []string{"yes"},
			current: "gp-2",
			outcome: "No Administration or Aggression card is available: go on to the next question.",
		},
		{
			// "Lead, Pivot, or Copy with the indicated suit": a follower copies the lead suit.
			name:    "a follower copies the lead suit it has no card of",
			start:   gp(card("construction", 2), card("administration", 5)),
			lead:    cardPtr("mobilization", 4),
			answers: []string{"no", "no", "no", "no", "yes", "yes"},
			current: "pre-1", page: "mobilization", copyLead: true,
			outcome: "Copy the lead suit (mobilization): play any option facedown (pick at random). Check for Prelude actions, then go to the mobilization page.",
		},
		{
			// "Does bot have no starport? Can bot build a starport? ... No: → Mobilization/Aggression"
			name:    "type 3 inside General Priorities: no starport and cannot build one",
			start:   gp(card("aggression", 2), card("construction", 5)),
			answers: []string{"no", "no", "no", "yes", "no"},
			current: "pre-1", card: cardPtr("aggression", 2), page: "aggression",
		},
		{
			name:    "unbuilt cities and enough claims: Construction",
			start:   gp(card("aggression", 2), card("construction", 5)),
			answers: []string{"no", "no", "no", "no", "no", "yes", "no", "yes"},
			current: "pre-1", card: cardPtr("construction", 5), page: "construction",
		},
		{
			// "Can bot use an ability on a ready Guild or lore card? → Select suit matching
			// ability, then exhaust card."
			name:    "a Guild ability: the player names the matching suit",
			start:   gp(card("aggression", 2), card("mobilization", 5)),
			answers: []string{"no", "no", "no", "no", "no", "no", "mobilization"},
			current: "pre-1", card: cardPtr("mobilization", 5), page: "mobilization",
			outcome: "Select suit matching ability, then exhaust card. Use ability, then go to page for card's suit if actions remaining. Select Mobilization 5. Check for Prelude actions, then go to the mobilization page.",
		},
		{
			name:    "no priority applies: the player picks an option at random",
			start:   gp(card("aggression", 2), card("mobilization", 5)),
			answers: append(no(11), "aggression"),
			current: "pre-1", card: cardPtr("aggression", 2), page: "aggression",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := WalkSupercat(tt.start, tt.lead, tt.answers)
			require.NoError(t, err)
			require.NotNil(t, w.Current, "trail %v", walkIDs(w))
			assert.Equal(t, tt.current, w.Current.ID)
			assert.Equal(t, tt.card, w.Card)
			assert.Equal(t, tt.page, w.Page)
			assert.Equal(t, tt.copyLead, w.Copy)
			if tt.outcome != "" {
				assert.Equal(t, tt.outcome, w.Trail[len(w.Trail)-1].Outcome)
			}
		})
	}
}

func TestWalkSupercatRefusesAnswers(t *testing.T) {
	t.Parallel()
	start := SupercatTurn{Next: NextGeneralPriorities, Options: []ActionCard{card("aggression", 2), card("mobilization", 5)}}
	_, err := WalkSupercat(start, nil, []string{"no", "maybe"})
	requireFieldError(t, err, `answers[1]: "maybe" does not answer gp-2 (want yes, no)`)
	_, err = WalkSupercat(start, nil, []string{"no", "no", "no", "no", "no", "no", "construction"})
	requireFieldError(t, err, `answers[6]: "construction" does not answer gp-7 (want aggression, mobilization, no)`)
	w, err := WalkSupercat(start, nil, no(11))
	require.NoError(t, err)
	assert.Equal(t, "gp-none", w.Current.ID)
	assert.Equal(t, []string{"aggression", "mobilization"}, w.Choices, "no random pick without a card")
}

// termMark finds the marked terms of a text.
var termMark = regexp.MustCompile(`\*\*([^*]+)\*\*`)

func TestSupercatProceduresAreWellFormed(t *testing.T) {
	t.Parallel()
	pageOf := map[string]bool{}
	for id, n := range supercatNodes {
		assert.Equal(t, id, n.ID)
		assert.Contains(t, SupercatPages, n.Page, "%s is on a known page", id)
		assert.True(t, strings.HasSuffix(n.Question, "?"), "%s is a yes/no question: %q", id, n.Question)
		assert.Contains(t, []int{1, 2, 3, 4}, n.Type, id)
		for _, b := range []SupercatBranch{n.Yes, n.No} {
			switch b.Next {
			case "", SupercatToPage, SupercatAgain:
			default:
				_, ok := supercatNodes[b.Next]
				assert.True(t, ok, "%s leads to a node that exists: %q", id, b.Next)
				pageOf[b.Next] = true
			}
		}
		texts := append([]string{n.Question, n.Yes.Do, n.No.Do}, n.Prefer...)
		for _, text := range texts {
			for _, m := range termMark.FindAllStringSubmatch(text, -1) {
				_, ok := SupercatTerm(m[1])
				assert.True(t, ok, "%s: the marked word %q is a term of the seed's Terminology", id, m[1])
			}
		}
	}
	for page, start := range supercatPageStart {
		assert.Equal(t, page, supercatNodes[start].Page)
	}
	// Every node is reached from another, or starts a page.
	for id := range supercatNodes {
		starts := slices.Contains([]string{"gp-1", "pre-1", "adm-1", "agg-1", "con-1", "mob-1", "adm-again", "agg-again", "con-again", "mob-again"}, id)
		assert.True(t, pageOf[id] || starts, "%s is reachable", id)
	}
}
