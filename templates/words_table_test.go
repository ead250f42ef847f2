package templates

import (
	"context"
	"net/url"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
)

// formEntryOf is the empty result form of the game slug in its default version, seated by
// players in order, with the game and its seats.
func formEntryOf(t *testing.T, slug string, players ...string) (scoring.FormEntry, scoring.Game, []scoring.Seat) {
	t.Helper()
	g, err := scoring.GameBySlug(slug)
	require.NoError(t, err)
	v, err := g.Version("")
	require.NoError(t, err)
	seats := make([]scoring.Seat, len(players))
	for i, p := range players {
		seats[i] = scoring.Seat{Position: i + 1, Player: p}
	}
	return scoring.NewFormEntry(g, v, seats), g, seats
}

// formProblemsOf are the problems the result form of the game slug, seated by players,
// finds in values: by input name, as the form's view carries them (their message ids).
func formProblemsOf(t *testing.T, slug string, values url.Values, players ...string) map[string]FormWords {
	t.Helper()
	e, _, _ := formEntryOf(t, slug, players...)
	e.Correcting = true
	e.Bind(values)
	_, err := e.Input()
	require.Error(t, err)
	on, _ := e.Problems(err)
	out := map[string]FormWords{}
	for name, fe := range on {
		id, data := fe.Words()
		out[name] = FormWords{ID: id, Data: data, English: fe.Problem}
	}
	return out
}

// TestFormProblemsInTheReadersLanguage: the result form's problems, carried by their message
// ids, are said in the page's language, beside their input and in the list with their seat
// or field; English says what the form model says word for word, and what the scorer says
// of a result in its own words stays as it is.
func TestFormProblemsInTheReadersLanguage(t *testing.T) {
	de, _ := locales.Get("de")
	inDe := locales.With(context.Background(), de)
	cartagena := formProblemsOf(t, "cartagena", url.Values{"score-1": {"x"}, "score-2": {"10"}}, "ada", "bruno", "chloe")
	diplomacy := formProblemsOf(t, "diplomacy", url.Values{"outcome": {"draw"}, "centers-1": {"x"}}, "ada", "bruno")
	require.Equal(t, "resultform.enter", cartagena["score-3"].ID)
	require.Equal(t, "resultform.not_a_number", cartagena["score-1"].ID)
	require.Equal(t, "resultform.say_why", cartagena["reason"].ID)
	scorer := FormWords{English: "centers: must be 0 or more"}
	cartagenaScore := formProblemsOf(t, "cartagena", url.Values{"score-1": {"-3"}, "score-2": {"10"}, "score-3": {"7"}}, "ada", "bruno", "chloe")["score-1"]
	require.Equal(t, "scoring.scores_whole_not_negative", cartagenaScore.ID, "a scorer's problem has its message id")
	overMap := formProblemsOf(t, "diplomacy", url.Values{"outcome": {"draw"}, "centers-1": {"35"}, "years-1": {"5"}}, "ada", "bruno")["centers-1"]
	require.Equal(t, "scoring.armada_centres_over_map", overMap.ID, "a Diplomacy problem has its message id")
	overLost := formProblemsOf(t, "blue-max", url.Values{"units-1": {"2"}, "lost-1": {"3"}}, "ada", "bruno")["lost-1"]
	require.Equal(t, "scoring.lost_exceeds_units", overLost.ID, "a Blue Max problem has its message id")

	for _, tc := range []struct {
		words  FormWords
		en, de string
	}{
		{FormWords{ID: "resultform.problems"}, "Some values need fixing; see the marked fields:", "Einige Werte müssen korrigiert werden; siehe die markierten Felder:"},
		{cartagena["score-3"], "Enter the final score", "Gib das Endergebnis ein"},
		{cartagena["score-1"], "Not a number: x", "Keine Zahl: x"},
		{cartagena["reason"], "Say why the result is corrected", "Sag, warum das Ergebnis korrigiert wird"},
		{scorer, "Centers: must be 0 or more", "Centers: must be 0 or more"},
	} {
		assert.Equal(t, tc.en, formErrorIn(context.Background(), tc.words), tc.en)
		assert.Equal(t, tc.de, formErrorIn(inDe, tc.words), tc.en)
	}

	missing := cartagena["score-3"]
	missing.ID = "resultform.missing"
	for _, tc := range []struct {
		problem FormProblem
		en, de  string
	}{
		{FormProblem{Position: 3, Player: "Chloé Martin", Words: missing}, "Seat 3 (Chloé Martin): the final score is missing", "Platz 3 (Chloé Martin): das Endergebnis fehlt"},
		{FormProblem{Position: 1, Power: "France", Player: "Hugo", Words: diplomacy["centers-1"]}, "France (Hugo): not a number: x", "Frankreich (Hugo): Keine Zahl: x"},
		{FormProblem{Field: "resultform.die_aria", Words: cartagena["score-1"]}, "Die: not a number: x", "Würfel: Keine Zahl: x"},
		{FormProblem{Field: "resultform.reason", Words: cartagena["reason"]}, "Reason: say why the result is corrected", "Grund: Sag, warum das Ergebnis korrigiert wird"},
		{FormProblem{Position: 2, Player: "Bruno", Words: cartagenaScore}, "Seat 2 (Bruno): Cartagena scores are whole numbers of 0 or more, got -3", "Platz 2 (Bruno): Endergebnisse in Cartagena sind ganze Zahlen ab 0, erhalten: -3"},
		{FormProblem{Position: 1, Power: "France", Player: "Hugo", Words: overMap}, "France (Hugo): 35 exceeds the 34 supply centres of the map", "Frankreich (Hugo): 35 übersteigt die 34 Versorgungszentren der Karte"},
		{FormProblem{Position: 1, Player: "Ada", Words: overLost}, "Seat 1 (Ada): 3 exceeds units 2", "Platz 1 (Ada): 3 übersteigt die Einheiten (2)"},
		{FormProblem{Position: 2, Player: "Bruno", Words: FormWords{English: "Not even a number"}}, "Seat 2 (Bruno): not even a number", "Platz 2 (Bruno): not even a number"},
		{FormProblem{Words: scorer}, "Centers: must be 0 or more", "Centers: must be 0 or more"},
	} {
		assert.Equal(t, tc.en, formProblemIn(context.Background(), tc.problem), tc.en)
		assert.Equal(t, tc.de, formProblemIn(inDe, tc.problem), tc.en)
	}
}

// TestActivityRuleInTheReadersLanguage: the result form's activity warning says the rule and
// each player's finished games in the page's language, in the plural each count takes.
func TestActivityRuleInTheReadersLanguage(t *testing.T) {
	it, _ := locales.Get("it")
	inIt := locales.With(context.Background(), it)
	en := context.Background()
	assert.Equal(t, "This league's activity rule asks for 2 finished games in the last 90 days. These players have fallen short:",
		activityRuleIn(en, ActivityRule{Need: 2, Days: 90}))
	assert.Equal(t, "This league's activity rule asks for 1 finished game in the last 30 days. These players have fallen short:",
		activityRuleIn(en, ActivityRule{Need: 1, Days: 30}))
	assert.Equal(t, "@ada: 1 finished game", activityShortIn(en, ActivityShort{Username: "ada", Recent: 1}))
	assert.Equal(t, "@ada: 0 finished games", activityShortIn(en, ActivityShort{Username: "ada", Recent: 0}))
	assert.Equal(t, "La regola di attività di questa lega chiede 2 partite concluse negli ultimi 90 giorni. Questi giocatori non ci arrivano:",
		activityRuleIn(inIt, ActivityRule{Need: 2, Days: 90}))
	assert.Equal(t, "@ada: 1 partita conclusa", activityShortIn(inIt, ActivityShort{Username: "ada", Recent: 1}))
}

// TestTimesInTheReadersLanguage: a time a cached view carries in English is said in the
// reader's language, its zone's abbreviation kept.
func TestTimesInTheReadersLanguage(t *testing.T) {
	it, _ := locales.Get("it")
	assert.Equal(t, "mar 1 dic 2026, 19:00 CET", WhenIn(it, "Tue 1 Dec 2026 19:00 CET"))
	assert.Equal(t, "1 dic 2026, 19:00", WhenIn(it, "1 Dec 2026 19:00"))
	assert.Equal(t, "soon", WhenIn(it, "soon"))
	assert.Equal(t, "Tue 1 Dec 2026 19:00 CET", WhenIn(locales.Default(), "Tue 1 Dec 2026 19:00 CET"))
}

// formProblemIDs are the problems the result form of the game slug, seated by players, finds
// in values, beside an input or not, by message id.
func formProblemIDs(t *testing.T, slug string, values url.Values, players ...string) map[string]FormWords {
	t.Helper()
	e, g, seats := formEntryOf(t, slug, players...)
	e.Bind(values)
	in, err := e.Input()
	if err == nil {
		_, err = scoring.ScoreSeated(g, in, seats)
	}
	out := map[string]FormWords{}
	for _, fe := range scoring.AllFieldErrors(err) {
		id, data := fe.Words()
		out[id] = FormWords{ID: id, Data: data, English: fe.Problem}
	}
	return out
}

// TestScorersFormProblemsSayTheirEnglishExactly: each problem of a scorer a person can cause
// on the result form has its message, whose English is what the API answers word for word,
// and which the other languages say in their own words.
func TestScorersFormProblemsSayTheirEnglishExactly(t *testing.T) {
	powers := []string{"ada", "bruno", "chloe", "dan"}
	survivors := func(kv ...string) url.Values {
		v := url.Values{"outcome": {"draw"}}
		for i := range powers {
			n := strconv.Itoa(i + 1)
			v.Set("centers-"+n, "3")
			v.Set("years-"+n, "5")
		}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	pilots := func(kv ...string) url.Values {
		v := url.Values{}
		for i := range powers {
			n := strconv.Itoa(i + 1)
			v.Set("units-"+n, "2")
			v.Set("lost-"+n, "0")
			v.Set("destroyed-"+n, "0")
			v.Set("points-"+n, "10")
		}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	placed := func(kv ...string) url.Values {
		v := url.Values{}
		for i := range powers {
			v.Set("score-"+strconv.Itoa(i+1), strconv.Itoa(40-i))
		}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	for _, tc := range []struct {
		slug    string
		values  url.Values
		players []string
		id      string
	}{
		{"diplomacy", survivors("centers-1", "35"), powers, "scoring.armada_centres_over_map"},
		{"diplomacy", survivors("centers-2", "3", "eliminated-2", "1903", "years-2", "3"), powers, "scoring.armada_eliminated_centres"},
		{"diplomacy", survivors("years-1", "0"), powers, "scoring.armada_years"},
		{"diplomacy", survivors("centers-2", "0", "eliminated-2", "1800"), powers, "scoring.armada_game_year_from"},
		{"diplomacy", survivors("centers-2", "0", "eliminated-2", "1903"), powers, "scoring.armada_eliminated_years"},
		{"diplomacy", survivors("years-2", "6"), powers, "scoring.armada_survivor_years"},
		{"diplomacy", survivors("centers-2", "0", "eliminated-2", "1906", "years-2", "6"), powers, "scoring.armada_eliminated_after_end"},
		{"diplomacy", survivors("centers-1", "10", "centers-2", "10", "centers-3", "10", "centers-4", "10"), powers, "scoring.armada_centres_in_all"},
		{"diplomacy", survivors("outcome", "concession", "conceded_to", "bruno", "centers-2", "0", "eliminated-2", "1903", "years-2", "3"), powers, "scoring.armada_winner_eliminated"},
		{"diplomacy", survivors("outcome", "concession", "conceded_to", "chloe", "centers-3", "0"), powers, "scoring.armada_winner_no_centre"},
		{"diplomacy", survivors("outcome", "solo"), powers, "scoring.armada_solo_needs"},
		{"diplomacy", survivors("outcome", "concession"), powers, "scoring.armada_choose_conceded_to"},
		{"diplomacy", survivors("outcome", ""), powers, "scoring.armada_choose_outcome"},
		{"blue-max", pilots("lost-1", "3"), powers, "scoring.lost_exceeds_units"},
		{"blue-max", pilots("destroyed-1", "1"), powers, "scoring.destroyed_exceeds_lost"},
		{"blue-max", pilots("absent-3", "on", "absent-4", "on"), powers, "scoring.side_no_players"},
		{"vortex", url.Values{"vortex_from": {"board"}, "start-1": {"3"}}, powers, "scoring.vortex_start"},
		{"vortex", url.Values{"vortex_from": {"board"}, "t1-1": {"26"}}, powers, "scoring.vortex_token"},
		{"vortex", url.Values{"vortex_from": {"board"}, "die": {"1001"}}, powers, "scoring.vortex_die"},
		{"cartagena", placed("substitute-1", "bruno"), powers, "scoring.substitute_seated"},
		{"cartagena", placed("substitute-1", "erik", "substitute-2", "erik"), powers, "scoring.substitute_twice"},
		{"cartagena", placed("absent-2", "on", "substitute-2", "erik"), powers, "scoring.replaced_not_absent"},
		{"arcs", placed("score-1", "-3"), powers, "scoring.scores_whole_not_negative"},
		{"arcs", placed("score-2", "x"), powers, "resultform.not_a_number"},
		{"arcs", placed("score-3", ""), powers, "resultform.enter"},
		{"arcs", placed("absent-2", "on", "absent-3", "on", "absent-4", "on"), powers, "scoring.too_few_players"},
		{"arcs", placed("substitute-1", "erik", "substitute-2", "erik"), powers, "scoring.substitute_twice"},
		{"diplomacy", survivors("absent-2", "on", "absent-3", "on"), powers, "scoring.missing_man_once"},
		{"diplomacy", survivors("absent-2", "on", "substitute-2", "erik"), powers, "scoring.missing_man_replaced"},
	} {
		words, ok := formProblemIDs(t, tc.slug, tc.values, tc.players...)[tc.id]
		if !assert.True(t, ok, "%s: %v says %s (%v)", tc.slug, tc.values, tc.id, formProblemIDs(t, tc.slug, tc.values, tc.players...)) {
			continue
		}
		for _, code := range []string{"de", "fr", "it"} {
			lang, _ := locales.Get(code)
			said := formWordsIn(locales.With(context.Background(), lang), words)
			assert.NotEqual(t, words.English, said, "%s has its own words for %q", code, words.English)
			assert.NotContains(t, said, "<no value>", "%s: %s", code, tc.id)
		}
		assert.Equal(t, words.English, formWordsIn(context.Background(), words), "English says %s as the API does", tc.id)
	}
}

// TestArcsAmbitionProblemsSayTheirEnglishExactly: each problem the Arcs ambition scorer finds
// in what a person enters (on the ambition helper, or at a SUPERCAT game's end) has its
// message, whose English is what `tablestakes score arcs-ambition` and the API answer word for
// word, and which the other languages say in their own words.
func TestArcsAmbitionProblemsSayTheirEnglishExactly(t *testing.T) {
	arcs, err := scoring.GameBySlug("arcs")
	require.NoError(t, err)
	base, err := arcs.Version("base")
	require.NoError(t, err)
	for _, tc := range []struct {
		input, id, english string
	}{
		{`{"markers":[],"players":[{"id":"A","count":1},{"id":"B","count":0}]}`, "scoring.arcs_no_markers", "no markers, need at least 1"},
		{`{"markers":[[5]],"players":[{"id":"A","count":1},{"id":"B","count":0}]}`, "scoring.arcs_marker_values", "1 values, want 2 (1st, 2nd) or 3 (1st, 2nd, 3rd)"},
		{`{"markers":[[5,-3]],"players":[{"id":"A","count":1},{"id":"B","count":0}]}`, "scoring.negative", "must not be negative, got -3"},
		{`{"markers":[[5,3]],"players":[{"id":"A","count":-1},{"id":"B","count":0}]}`, "scoring.negative", "must not be negative, got -1"},
		{`{"markers":[[5,3]],"players":[{"id":"A","count":1.5},{"id":"B","count":0}]}`, "scoring.whole", "must be a whole number, got 1.5"},
		{`{"markers":[[5,3]],"players":[{"id":"A","count":1,"bonus":3},{"id":"B","count":0}]}`, "scoring.arcs_bonus", "must be 0, 2 or 5, got 3"},
		{`{"markers":[[5,3]],"players":[{"id":"A","count":1}]}`, "scoring.too_few_players", "1 player(s), need at least 2"},
		{`{"markers":[[5,3]],"players":[{"id":"A","count":1},{"id":"B","count":0},{"id":"C","count":0}],"neutral":2}`,
			"scoring.arcs_neutral_two_players", "only two-player games count the neutral resources, this game has 3 players"},
		{`{"markers":[[5,3]],"players":[{"id":"A","count":1},{"id":"B","count":0}],"neutral":-2}`, "scoring.negative", "must not be negative, got -2"},
	} {
		_, err := scoring.Score(scoring.ArcsAmbition, []byte(tc.input))
		var fe *scoring.FieldError
		if !assert.ErrorAs(t, err, &fe, tc.input) {
			continue
		}
		checkWords(t, fe, tc.id, tc.english)
	}
	var fe *scoring.FieldError
	require.ErrorAs(t, base.CheckMarkers([][]int64{{5, 3, 2}}), &fe)
	checkWords(t, fe, "scoring.arcs_marker_version", "3 values, but the markers of Base game show at most 2 (1st, 2nd)")
	// A SUPERCAT game finished by its ambition results: every problem at once.
	var ids []string
	for _, ambitions := range [][]scoring.SupercatFinalAmbition{nil, {
		{Ambition: scoring.Ambitions[0], Markers: [][]int64{{5, 3, 2}}, Counts: []int64{1, -1, 0}, Bonus: []int64{0, 3, 0}, Neutral: 1},
		{Ambition: "glory", Markers: [][]int64{{5}}, Counts: []int64{1, 0}, Bonus: []int64{0}},
		{Ambition: scoring.Ambitions[0], Markers: [][]int64{{5, -3}}, Counts: []int64{1, 0, 0}},
		{Ambition: scoring.Ambitions[1], Counts: []int64{1, 0, 0}},
	}} {
		for _, fe := range scoring.CheckSupercatFinalAmbitions(base, 3, ambitions) {
			ids = append(ids, fe.ID)
			checkWords(t, fe, fe.ID, fe.Problem)
		}
	}
	assert.ElementsMatch(t, []string{"scoring.supercat_no_ambition", "scoring.arcs_marker_version", "scoring.negative",
		"scoring.arcs_bonus", "scoring.arcs_neutral_two_players", "scoring.supercat_choose_ambition", "scoring.supercat_marker_values",
		"scoring.supercat_counts", "scoring.supercat_bonuses", "scoring.supercat_ambition_twice", "scoring.supercat_marker_negative",
		"scoring.arcs_no_markers"}, ids)
}

// checkWords checks that fe's problem has message id, says english in English exactly as
// its problem, and says it otherwise in German, French and Italian.
func checkWords(t *testing.T, fe *scoring.FieldError, id, english string) {
	t.Helper()
	assert.Equal(t, id, fe.ID, english)
	assert.Equal(t, english, fe.Problem, "the API's words")
	w := FormWords{ID: fe.ID, Data: fe.Data, English: fe.Problem}
	assert.Equal(t, english, formWordsIn(context.Background(), w), "English says %s as the API does", id)
	for _, code := range []string{"de", "fr", "it"} {
		lang, _ := locales.Get(code)
		said := formWordsIn(locales.With(context.Background(), lang), w)
		assert.NotEqual(t, english, said, "%s has its own words for %q", code, english)
		assert.NotContains(t, said, "<no value>", "%s: %s", code, id)
	}
}
