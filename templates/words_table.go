// Words of a game's page, its table, the result form and section and the SUPERCAT
// companion, said in the page's language.
package templates

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

// seatIDs are the message ids of the seat names the registry gives (scoring.Game.Powers and
// SideNames): Diplomacy's powers as each language's published edition names them, Vortex's
// colours as the Vortex calculator says them, and the sides of the team games.
var seatIDs = map[string]string{
	"Austria": "seat.austria", "England": "seat.england", "France": "seat.france",
	"Germany": "seat.germany", "Italy": "seat.italy", "Russia": "seat.russia", "Turkey": "seat.turkey",
	"Red": "vortex.colour.red", "Cyan": "vortex.colour.cyan", "Blue": "vortex.colour.blue", "Green": "vortex.colour.green",
	"Allies": "seat.allies", "Central Powers": "seat.central_powers",
	"First fleet": "seat.first_fleet", "Second fleet": "seat.second_fleet",
}

// SeatNameIn is a seat's name from the registry (scoring.Game.SeatNames: "France", "Allies
// 2", "Seat 3") said in l; the stored and JSON names stay the English ones. A name the
// registry does not give (a player's) is returned as it is.
func SeatNameIn(l locales.Lang, name string) string {
	if id, ok := seatIDs[name]; ok {
		return l.T(id)
	}
	i := strings.LastIndexByte(name, ' ')
	if i < 0 {
		return name
	}
	n, err := strconv.Atoi(name[i+1:])
	if err != nil {
		return name
	}
	head := name[:i]
	switch {
	case head == "Seat":
		return l.T("player.seat", map[string]any{"N": n})
	case head == "Side":
		return l.T("seat.side", map[string]any{"N": n})
	case seatIDs[head] != "":
		return l.T(seatIDs[head]) + " " + strconv.Itoa(n)
	}
	return name
}

// seatNameIn is SeatNameIn in ctx's language.
func seatNameIn(ctx context.Context, name string) string { return SeatNameIn(locales.From(ctx), name) }

// seatNamesIn lists seat names in ctx's language: "Seat 2, Seat 3 and Seat 4".
func seatNamesIn(ctx context.Context, names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = seatNameIn(ctx, n)
	}
	return listAnd(ctx, out)
}

// rulesNoteIn is a game's rules note (scoring.Game.RulesNote) in ctx's language: each game
// of the registry has its note under "gamerules.<slug>"; any other text shows as it is.
func rulesNoteIn(ctx context.Context, note string) string {
	if locales.From(ctx).Code == locales.Default().Code {
		return note
	}
	for _, g := range scoring.Games() {
		if g.RulesNote == note {
			return locales.T(ctx, "gamerules."+g.Slug)
		}
	}
	return note
}

// versionNoteIn is a version's note (scoring.Version.Note) in ctx's language, under
// "versionnote.<game>.<version>".
func versionNoteIn(ctx context.Context, note string) string {
	if locales.From(ctx).Code == locales.Default().Code || note == "" {
		return note
	}
	for _, g := range scoring.Games() {
		for _, v := range g.Versions() {
			if v.Note == note {
				return locales.T(ctx, "versionnote."+g.Slug+"."+v.Slug)
			}
		}
	}
	return note
}

// versionNameIDs are the version names that are TableStakes' words rather than a published
// expansion's name ("Lost Vaults & Fated Leaders" and "d6" stay as they are).
var versionNameIDs = map[string]string{
	"Base game":                     "version.base_game",
	"The Blighted Reach (campaign)": "version.blighted_reach",
	"Standard":                      "leaguepage.version_standard",
	"":                              "leaguepage.version_standard",
}

// versionNameIn is a version's name as the facts show it, in ctx's language.
func versionNameIn(ctx context.Context, name string) string {
	if id, ok := versionNameIDs[name]; ok {
		return locales.T(ctx, id)
	}
	return name
}

// GameTitleIn is a game page's title in l: "Cartagena game 3", or "Cartagena table 12" for
// a normal game.
func GameTitleIn(l locales.Lang, v GameView) string {
	if v.Normal {
		return l.T("gamepage.title_table", map[string]any{"Game": v.GameName, "N": strconv.FormatInt(v.ID, 10)})
	}
	return l.T("gamepage.title_game", map[string]any{"Game": v.League.GameName, "N": strconv.Itoa(v.Number)})
}

// gameLabelIn names a game as its page does: "game 7" in a league, "table 90" outside.
func gameLabelIn(ctx context.Context, normal bool, id int64, number int) string {
	if normal {
		return locales.T(ctx, "gamepage.label_table", map[string]any{"N": strconv.FormatInt(id, 10)})
	}
	return locales.T(ctx, "gamepage.label_game", map[string]any{"N": strconv.Itoa(number)})
}

// shownLayouts are the layouts web/pages writes a game's times in (pageClock.show): a game's
// date with its weekday, and when something happened.
var shownLayouts = []string{"Mon 2 Jan 2006 15:04", "2 Jan 2006 15:04"}

// whenIn is a time a view model carries as English text (the models are kept once for
// every language, web/httpx/cache_parts.go) said as ctx's language writes dates: "Tue 1 Dec
// 2026 19:00 CET" is "mar 1 dic 2026, 19:00 CET" in Italian. The zone's abbreviation stays;
// a text in no known layout shows as it is.
func whenIn(ctx context.Context, s string) string { return WhenIn(locales.From(ctx), s) }

// WhenIn is whenIn in l.
func WhenIn(l locales.Lang, s string) string {
	if s == "" || l.Code == locales.Default().Code {
		return s
	}
	texts := [][2]string{{s, ""}}
	if j := strings.LastIndexByte(s, ' '); j > 0 {
		texts = append(texts, [2]string{s[:j], s[j:]}) // with its zone's abbreviation: "... 19:00 CET"
	}
	for _, tz := range texts {
		for i, layout := range shownLayouts {
			if t, err := time.Parse(layout, tz[0]); err == nil {
				return sayWhen(l, t, i == 0) + tz[1]
			}
		}
	}
	return s
}

// sayWhen writes t in l, with its weekday or without.
func sayWhen(l locales.Lang, t time.Time, weekday bool) string {
	if weekday {
		return l.DateTime(t)
	}
	return l.ShortDate(t) + ", " + t.Format("15:04")
}

// answerIn is an attendance answer ("coming", "not coming", "no answer") in ctx's language.
func answerIn(ctx context.Context, answer string) string {
	switch answer {
	case "coming":
		return locales.T(ctx, "table.answer_coming")
	case "not coming":
		return locales.T(ctx, "table.answer_not_coming")
	case "no answer":
		return locales.T(ctx, "table.answer_none")
	}
	return answer
}

// decimalIn is an exact number as typed or stored ("22.5") with ctx's language's decimal
// point ("22,5"); the stored value keeps its dot.
func decimalIn(ctx context.Context, s string) string {
	l := locales.From(ctx)
	if l.Code == locales.Default().Code {
		return s
	}
	return strings.Replace(s, ".", l.DecimalPoint(), 1)
}

// pointsIn is league points ("6 2/3", exact in every language) with their word: "1 point",
// "20 points".
func pointsIn(ctx context.Context, points string, one bool) string {
	if one {
		return locales.T(ctx, "table.points_one", map[string]any{"Points": points})
	}
	return locales.T(ctx, "table.points", map[string]any{"Points": points})
}

// seventhPlayerIn is the Seventh Player's name (rating.SeventhPlayerName) in ctx's language.
func seventhPlayerIn(ctx context.Context) string { return locales.T(ctx, "table.seventh_player") }

// potNoteIn is a result's pot note (ResultView.PotNote) in ctx's language: why the table
// played for less than its full pot ("pot.less", the ratings page's words).
func potNoteIn(ctx context.Context, v ResultView) string {
	l := locales.From(ctx)
	switch {
	case v.PotNote == "" || l.Code == locales.Default().Code:
		return v.PotNote
	case v.Pot <= 0:
		return l.T("pot.nothing")
	}
	full := l.Millionths(int64(v.FullPot), 1)
	if v.FullPot%rating.PerPoint == 0 {
		full = l.Millionths(int64(v.FullPot), 0)
	}
	return l.T("pot.less", map[string]any{"Held": l.Millionths(int64(v.Pot), 1), "Full": full})
}

// victoryIn is a team game's victory ("strategic", "tactical", "marginal") in ctx's language.
func victoryIn(ctx context.Context, victory string) string {
	switch victory {
	case "strategic", "tactical", "marginal":
		return locales.T(ctx, "resultsec.victory."+victory)
	}
	return victory
}

// auditActionIn is what an audit entry did ("recorded", "corrected") in ctx's language.
func auditActionIn(ctx context.Context, action string) string {
	switch action {
	case "recorded", "corrected":
		return locales.T(ctx, "resultsec.audit."+action)
	}
	return action
}

// fieldHeaderIn is a result form field's column heading (scoring.FormField.Header) in ctx's
// language: "resultform.field.<key>", or the game's score ("resultform.score.<label>").
func fieldHeaderIn(ctx context.Context, f scoring.FormField) string {
	return fieldWordIn(ctx, f, "", f.Header)
}

// FieldHeaderIn is fieldHeaderIn for the pages that write a field's heading themselves
// (the printed round sheets).
func FieldHeaderIn(ctx context.Context, f scoring.FormField) string { return fieldHeaderIn(ctx, f) }

// fieldAriaIn is what a result form field asks, after a player's name, for screen readers.
func fieldAriaIn(ctx context.Context, f scoring.FormField) string {
	return fieldWordIn(ctx, f, ".aria", f.Aria)
}

// fieldWordIn says one word of field f (its heading, or with part ".aria" its aria label,
// ".label" its label) in ctx's language; english is the word in English.
func fieldWordIn(ctx context.Context, f scoring.FormField, part, english string) string {
	if locales.From(ctx).Code == locales.Default().Code {
		return english
	}
	key := f.Key
	switch f.Header { // Diplomacy's own words for the no-show fields (ARMADA 4.1 and 4.2)
	case "Absent":
		key = "armada_absent"
	case "Replaced by":
		key = "armada_substitute"
	}
	if key == "score" {
		key = "score." + strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(f.Label, "the ")), " ", "_")
	} else if strings.HasPrefix(key, "t") && len(key) == 2 {
		return locales.T(ctx, "resultform.field.token"+part, map[string]any{"N": key[1:]})
	}
	id := "resultform.field." + key + part
	if s := locales.T(ctx, id); s != id {
		return s
	}
	return english
}

// cornerIn is a Vortex start corner's choice ("Red (0)") in ctx's language.
func cornerIn(ctx context.Context, label string) string {
	if i := strings.IndexByte(label, ' '); i > 0 {
		return seatNameIn(ctx, label[:i]) + label[i:]
	}
	return label
}

// formWordsIn says w in ctx's language by its message id, a blank that is a form field
// (scoring.FormField: "Enter {{.Field}}") said as the field's label in that language; w
// without an id is its English as it is.
func formWordsIn(ctx context.Context, w FormWords) string {
	if w.Said != "" {
		return w.Said
	}
	if w.ID == "" {
		return w.English
	}
	data := make(map[string]any, len(w.Data))
	for k, v := range w.Data {
		if f, ok := v.(scoring.FormField); ok {
			v = fieldWordIn(ctx, f, ".label", f.Label)
		}
		data[k] = v
	}
	return locales.T(ctx, w.ID, data)
}

// formErrorIn is the problem of one input, beside it, as a sentence: "Not a number: x",
// "Enter the final score".
func formErrorIn(ctx context.Context, w FormWords) string { return sentenceCase(formWordsIn(ctx, w)) }

// formProblemIn is one line of the result form's problem list in ctx's language: the seat
// ("Seat 2 (Chloé Martin): the final score is missing", "France (Hugo): not a number: x") or
// the field of the whole game ("Die: not a number: x") and its problem, or the problem
// alone. Said in English the problem goes on in lower case after its seat or field; each
// other language's words are as its file writes them.
func formProblemIn(ctx context.Context, p FormProblem) string {
	what := problemAfter(ctx, p.Words)
	switch {
	case p.Position > 0 && p.Power != "":
		return seatNameIn(ctx, p.Power) + " (" + p.Player + "): " + what
	case p.Position > 0:
		return locales.T(ctx, "player.seat", map[string]any{"N": p.Position}) + " (" + p.Player + "): " + what
	case p.Field != "":
		return locales.T(ctx, p.Field) + ": " + what
	}
	return formErrorIn(ctx, p.Words)
}

// ambitionProblemIn is what the ambition helper refuses, in ctx's language: its subject
// ("Marker 1", "Anzahl von Ada") and the problem, or the problem alone. In English the problem
// goes on in lower case after its subject, as on the result form.
func ambitionProblemIn(ctx context.Context, p AmbitionProblem) string {
	if p.Subject == "" {
		return formErrorIn(ctx, p.Words)
	}
	return locales.T(ctx, p.Subject, p.SubjectData) + ": " + problemAfter(ctx, p.Words)
}

// problemAfter is a problem in ctx's language as it goes on after the name of what it is
// about ("Marker 1: ..."): said in English (or without a message id) it goes on in lower
// case, except a game's name, which keeps its capital ("Seat 2 (Bruno): Cartagena scores
// are ..."); each other language's words are as its file writes them.
func problemAfter(ctx context.Context, w FormWords) string {
	what := formWordsIn(ctx, w)
	if w.ID != "" && locales.From(ctx).Code != locales.Default().Code {
		return what
	}
	if game, _ := w.Data["Game"].(string); game != "" && strings.HasPrefix(what, game) {
		return what
	}
	return lowerFirst(what)
}

// lowerFirst starts s in lower case.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// activityRuleIn states the league's activity rule above the players who have fallen short
// of it, in ctx's language.
func activityRuleIn(ctx context.Context, a ActivityRule) string {
	return locales.T(ctx, "resultform.activity_rule",
		map[string]any{"Rule": locales.N(ctx, "activity.rule", a.Need, map[string]any{"Days": a.Days})})
}

// activityShortIn names a player who has fallen short of the activity rule, with their
// finished games: "@ada: 1 finished game".
func activityShortIn(ctx context.Context, a ActivityShort) string {
	return "@" + a.Username + ": " + locales.N(ctx, "resultform.finished_games", a.Recent)
}

// formHelpIn is a note under the result form's fields (scoring.ResultForm.Help) in ctx's
// language: each note of the registry's forms under "resultform.help.<kind>.<n>".
func formHelpIn(ctx context.Context, help string) string {
	if locales.From(ctx).Code == locales.Default().Code {
		return help
	}
	for _, g := range scoring.Games() {
		f := scoring.FormOf(g)
		for i, h := range f.Help {
			if h == help {
				return locales.T(ctx, "resultform.help."+string(f.Kind)+"."+strconv.Itoa(i))
			}
		}
	}
	return help
}

// difficultyIn is a SUPERCAT difficulty ("normal", "hard", "none") in ctx's language.
func difficultyIn(ctx context.Context, d string) string {
	switch d {
	case "normal", "hard", "none":
		return locales.T(ctx, "supercat.difficulty."+d)
	}
	return d
}

// supercatVersionIn is the Arcs version a SUPERCAT game plays, as web/pages names it, in
// ctx's language.
func supercatVersionIn(ctx context.Context, name string) string {
	switch name {
	case "Arcs (base game)":
		return locales.T(ctx, "supercat.version.base")
	case "Arcs: The Blighted Reach (campaign game)":
		return locales.T(ctx, "supercat.version.campaign")
	}
	return name
}

// supercatSeatIn names a seat of a SUPERCAT game: "You" in ctx's language, a bot by its name.
func supercatSeatIn(ctx context.Context, seat string) string {
	if seat == "You" {
		return locales.T(ctx, "supercat.you")
	}
	return seat
}

// noneIn is "none" (a counter not on the board) in ctx's language.
func noneIn(ctx context.Context, s string) string {
	if s == "none" {
		return locales.T(ctx, "supercat.none")
	}
	return s
}

// advantageIn is a bot's difficulty advantage (the seed's name, with what it gives) in ctx's
// language: the seed's name stays, its explanation is said.
func advantageIn(ctx context.Context, a string) string {
	switch a {
	case "Efficient Logistics (1 extra action per card)":
		return locales.T(ctx, "supercat.adv.logistics")
	case "Elite Pilots (1 extra die in Battle)":
		return locales.T(ctx, "supercat.adv.pilots")
	}
	return a
}

// placeIn is a place written as an English ordinal ("2nd") in ctx's language.
func placeIn(ctx context.Context, place string) string {
	n, err := strconv.Atoi(strings.TrimRight(place, "stndrh"))
	if err != nil {
		return place
	}
	return ordinalIn(ctx, n)
}

// supercatErrors are the SUPERCAT forms' refusals that have words in every language.
var supercatErrors = map[string]string{
	"Give the game a name of at most 100 characters, on one line.": "supercat.err.name",
	"Choose 1, 2 or 3 bots.":                                   "supercat.err.bots",
	"Choose normal, hard or none.":                             "supercat.err.difficulty",
	"Choose base or blighted-reach (the campaign game).":       "supercat.err.version",
	"Choose none, intervene or passive.":                       "supercat.err.leaders_lore",
	"Choose among the seven modifiers of the seed.":            "supercat.err.modifiers",
	"Choose each modifier at most once.":                       "supercat.err.modifier_once",
	"The turn could not start: see the fields marked below.":   "supercat.err.turn",
	"Check the ambition results: see the fields marked below.": "supercat.err.ambitions",
}

// supercatErrorIn is a SUPERCAT refusal in ctx's language where it has words; what the
// seed's rules say shows as it is.
func supercatErrorIn(ctx context.Context, msg string) string {
	if id, ok := supercatErrors[msg]; ok {
		return locales.T(ctx, id)
	}
	return msg
}

// supercatRowProblemIn is the problem of one field of an ambition on the SUPERCAT finish
// form in ctx's language, after the field's name: "SUPERCAT Ruby's count: must be a whole
// number of 0 or more". In English the problem goes on in lower case, as it was written.
func supercatRowProblemIn(ctx context.Context, p SupercatRowProblem) string {
	return locales.T(ctx, p.Label, map[string]any{"Seat": supercatSeatIn(ctx, p.Seat)}) + ": " + problemAfter(ctx, p.Words)
}

// choiceIn is an answer button of a SUPERCAT question in ctx's language: Yes and No are
// said, a suit or the seed's own words stay as they are.
func choiceIn(ctx context.Context, label string) string {
	switch label {
	case "Yes":
		return locales.T(ctx, "supercat.yes")
	case "No":
		return locales.T(ctx, "supercat.no")
	}
	return label
}
