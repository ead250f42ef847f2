package scoring

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"

	"github.com/tablestakes/tablestakes/strictjson"
)

// ResultInput is a league game's result as submitted: CONTRACT section 1's scorer input
// with usernames as ids, and the app's optional fields around it. Game.DecodeResult decodes
// a body into one once, at the edge (the API, the result form, a stored result read back),
// and the value travels to the scorer (ScoreSeated) and the store, which keeps Body.
type ResultInput struct {
	// Body is the body as the store keeps it: as submitted, and for a Vortex board of a
	// version with a die, given that die (Version.ApplyDie).
	Body []byte
	// Scorer is the scorer's own input: the body without the app's fields.
	Scorer []byte
	// Replaced maps a seated username to the username of the substitute who finished the
	// seat (seed 4.2: "A player wishing to leave a game early ... may be replaced by a
	// human replacement").
	Replaced map[string]string
	// Absent lists the seated usernames whose players did not come (CONTRACT section 12).
	// Outside Diplomacy their seats are left out of the scorer's input; in Diplomacy the
	// power stays in it, played by the missing-man rules (seed 4.1: "Should only six players
	// be available to play, a randomly-selected power will be chosen to be unplayed"), at
	// most one.
	Absent []string
	// Reason says why a correction was made (the optional "reason" string); what it may
	// hold is league.ResultReason's to say.
	Reason string
	// scorer is Scorer decoded by the game's scorer (Game.DecodeResult), nil until then;
	// system is that scorer's.
	scorer scorerInput
	system System
}

// appFields are the keys of a result body that are the app's, not the scorer's.
var appFields = []string{"replaced", "absent", "reason"}

// DecodeResultInput takes the app's fields, "replaced", "absent" and "reason", out of a result
// body, leaving the scorer's input. A body that is not a JSON object goes to the scorer
// untouched, which names the problem.
func DecodeResultInput(body []byte) (ResultInput, error) {
	doc := strictjson.TrimSpace(body)
	if len(doc) == 0 || doc[0] != '{' || !strictjson.Valid(body) {
		return ResultInput{Body: body, Scorer: body}, nil
	}
	// The app's fields are read as an open object (a key given twice refused); the scorer's
	// members are copied as they are written, a repeated one included, so that the scorer
	// refuses it as it would without the app's fields.
	values := make([]json.RawMessage, len(appFields))
	if err := strictjson.Object(doc, appFields, values, true); err != nil {
		return ResultInput{}, fromStrict(err)
	}
	replaced, absent, reason := values[0], values[1], values[2]
	if replaced == nil && absent == nil && reason == nil {
		return ResultInput{Body: body, Scorer: body}, nil
	}
	rest := append(make([]byte, 0, len(doc)), '{')
	for m := (strictjson.Members{Text: doc}); m.Next(); {
		if slices.Contains(appFields, m.Key()) {
			continue
		}
		if len(rest) > 1 {
			rest = append(rest, ',')
		}
		rest = append(append(append(rest, m.Name()...), ':'), m.Value...)
	}
	in := ResultInput{Body: body, Scorer: append(rest, '}')}
	if replaced != nil && !strictjson.IsNull(replaced) {
		notAMap := &FieldError{Field: "replaced", Problem: "must map seated usernames to their substitutes' usernames"}
		if strictjson.Kind(replaced) != "an object" {
			return ResultInput{}, notAMap
		}
		in.Replaced = map[string]string{}
		err := strictjson.Map(replaced, func(seat string, value json.RawMessage) error {
			if strictjson.IsNull(value) {
				in.Replaced[seat] = "" // as no substitute: the seat check says it is missing
				return nil
			}
			if strictjson.Kind(value) != "a string" {
				return notAMap
			}
			sub, err := parseString(value, "replaced."+strictjson.KeyName(seat))
			in.Replaced[seat] = sub
			return err
		})
		if se, ok := err.(*strictjson.Error); ok {
			return ResultInput{}, fromStrict(se.Under("replaced"))
		}
		if err != nil {
			return ResultInput{}, err
		}
	}
	if absent != nil && !strictjson.IsNull(absent) {
		notAList := &FieldError{Field: "absent", Problem: "must list the seated usernames of the players who did not come"}
		items, err := decodeArray(absent, "absent")
		if err != nil {
			return ResultInput{}, notAList
		}
		in.Absent = make([]string, 0, len(items))
		for _, item := range items {
			name, err := parseString(item, "absent")
			if err != nil {
				return ResultInput{}, notAList
			}
			in.Absent = append(in.Absent, name)
		}
	}
	if reason != nil && !strictjson.IsNull(reason) {
		var err error
		if in.Reason, err = parseString(reason, "reason"); err != nil {
			return ResultInput{}, err
		}
	}
	return in, nil
}

// DecodeResult decodes a result body of g, played in version v, once, at the edge: a Vortex
// board takes the version's die first (Version.ApplyDie rewrites the body, so it runs
// before the decode and the kept Body is the board with its die), the app's fields come out
// (DecodeResultInput), and the scorer decodes the rest. Problems are named as the scorer
// names them (a *FieldError, or FieldErrors for every field of a list at once), in the order
// ScoreSeated met them when it took bytes: the die, the app's fields, the scorer's input.
func (g Game) DecodeResult(v Version, body []byte) (ResultInput, error) {
	body, err := v.ApplyDie(body)
	if err != nil {
		return ResultInput{}, err
	}
	in, err := DecodeResultInput(body)
	if err != nil {
		return ResultInput{}, err
	}
	if err := in.decodeScorer(g.System); err != nil {
		return ResultInput{}, err
	}
	return in, nil
}

// decodeScorer decodes in.Scorer with system's scorer, unless it is decoded already.
func (in *ResultInput) decodeScorer(system System) error {
	if in.scorer != nil && in.system == system {
		return nil
	}
	s, err := decodeScorerInput(system, in.Scorer)
	if err != nil {
		return err
	}
	in.scorer, in.system = s, system
	return nil
}

// scorerInput is one scorer's input, decoded: it scores itself.
type scorerInput interface {
	score(explain bool) (Result, error)
}

// teamGameDecoded is a team game's input with its system.
type teamGameDecoded struct {
	system System
	in     TeamGameInput
}

func (in PlacementInput) score(explain bool) (Result, error) { return scorePlacement(in, explain) }
func (d teamGameDecoded) score(bool) (Result, error)         { return ScoreTeamGame(d.system, d.in) }
func (in ArmadaInput) score(bool) (Result, error)            { return ScoreArmada(in) }
func (in ArcsInput) score(bool) (Result, error)              { return ScoreArcsAmbition(in) }

func (d vortexDecoded) score(bool) (Result, error) {
	if d.board != nil {
		return ScoreVortexBoard(*d.board)
	}
	return ScoreVortex(d.scores)
}

// decodeScorerInput decodes input (CONTRACT section 1 JSON) with system's scorer; the
// problems are scoreAll's, found before it scores.
func decodeScorerInput(system System, input []byte) (scorerInput, error) {
	o := scoreOptions{explain: true}
	switch system {
	case Placement:
		return orNil(decodePlacementJSON(input, o))
	case BlueMax, WoodenShips:
		in, err := decodeTeamGameJSON(input, o)
		if err != nil {
			return nil, err
		}
		return teamGameDecoded{system: system, in: in}, nil
	case Vortex:
		return orNil(decodeVortexJSON(input, o))
	case Armada:
		return orNil(decodeArmadaJSON(input, o))
	case ArcsAmbition:
		return orNil(decodeArcsAmbitionJSON(input, o))
	}
	_, err := ParseSystem(string(system))
	return nil, err
}

// orNil returns a decoded input as a scorerInput, nil with its error.
func orNil[T scorerInput](in T, err error) (scorerInput, error) {
	if err != nil {
		return nil, err
	}
	return in, nil
}

// scoreDecoded scores in, decoded by g's scorer, as Game.Score scores its bytes: the scorer,
// what g allows its scores to be, and g's number of players.
func (g Game) scoreDecoded(in ResultInput) (Result, error) {
	res, err := in.scorer.score(true)
	if err != nil {
		return Result{}, err
	}
	res.System = g.System
	if err := g.checkScores(in); err != nil {
		return Result{}, err
	}
	if n := len(res.Results); n < g.MinPlayers || n > g.MaxPlayers {
		field := "players"
		if g.IsTeamGame() {
			field = "sides"
		}
		return Result{}, fieldErr(field, "%s takes %d to %d players per game, got %d", g.Name, g.MinPlayers, g.MaxPlayers, n)
	}
	return res, nil
}

// checkScores checks that the final scores of a placement or Vortex game are what g allows
// (whole numbers, 0 or more, unless g says otherwise), every problem at once. Each problem
// quotes the score as written, which only a refused input reads from its text again.
func (g Game) checkScores(in ResultInput) error {
	var players []ScoredPlayer
	switch s := in.scorer.(type) {
	case PlacementInput:
		players = s.Players
	case vortexDecoded:
		if s.board == nil {
			players = s.scores.Players
		}
	}
	var problems FieldErrors
	var written []json.Number
	for i, p := range players {
		if _, rule := g.scoreRule(p.Score); rule == "" {
			continue
		}
		if written == nil {
			written = writtenScores(in.Scorer, len(players))
		}
		fe := g.scoreProblem(p.Score, string(written[i]))
		fe.Field = strictjson.Index("players", i) + ".score"
		problems = append(problems, fe)
	}
	return problems.errorOrNil()
}

// scoreRule is the rule of g's scores that score breaks, as its message id and a format
// taking the game's name and the score as written; "" when score is one g allows.
func (g Game) scoreRule(score *big.Rat) (id, format string) {
	switch {
	case !g.FractionalScores && !g.NegativeScores && (!score.IsInt() || score.Sign() < 0):
		return "scoring.scores_whole_not_negative", "%s scores are whole numbers of 0 or more, got %s"
	case !g.FractionalScores && !score.IsInt():
		return "scoring.scores_whole", "%s scores are whole numbers, got %s"
	case !g.NegativeScores && score.Sign() < 0:
		return "scoring.scores_not_negative", "%s scores are 0 or more, got %s"
	}
	return "", ""
}

// scoreProblem is the problem of a final score g does not allow (scoreRule), quoting it as
// written; nil when g allows it.
func (g Game) scoreProblem(score *big.Rat, written string) *FieldError {
	id, rule := g.scoreRule(score)
	if rule == "" {
		return nil
	}
	return wordedErr("", id, map[string]any{"Game": g.Name, "Got": written}, fmt.Sprintf(rule, g.Name, written))
}

// writtenScores returns each player's "score" as the input writes it ("2.50", "-0"), n of
// them (empty where it cannot say).
func writtenScores(input []byte, n int) []json.Number {
	out := make([]json.Number, n)
	// The scorer has read the input (strictly): each score's text is taken as it stands.
	doc, err := decodeOpenObject(input, "", "players")
	if err != nil {
		return out
	}
	raw, _ := doc.field("players")
	items, err := decodeArray(raw, "players")
	if err != nil {
		return out
	}
	for i := range min(n, len(items)) {
		if p, err := decodeOpenObject(items[i], "", "score"); err == nil {
			if score, ok := p.field("score"); ok {
				out[i] = json.Number(strictjson.TrimSpace(score))
			}
		}
	}
	return out
}

// idPaths names the id field of each scored player, in the scorer's result order:
// "players[i].id", or "sides[s].players[i].id" for team games.
func idPaths(in ResultInput, n int) []string {
	paths := make([]string, 0, n)
	if team, ok := in.scorer.(teamGameDecoded); ok {
		for s, side := range team.in.Sides {
			for i := range side.Players {
				paths = append(paths, strictjson.Index(strictjson.Index("sides", s)+".players", i)+".id")
			}
		}
	} else {
		for i := range n {
			paths = append(paths, strictjson.Index("players", i)+".id")
		}
	}
	for len(paths) < n {
		paths = append(paths, "players")
	}
	return paths
}
