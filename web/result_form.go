package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// resultFormPage shows the result form of a game to its league's organiser: empty for a
// new result, filled in with the recorded one for a correction.
func (h *Handler) resultFormPage(c echo.Context) error {
	v, _, err := h.resultForm(c)
	if err != nil {
		return err
	}
	if v.Correcting {
		r, err := h.store.Result(c.Request().Context(), v.GameID)
		if err != nil {
			return err
		}
		fillFromInput(&v, r.Input)
	}
	return h.render(c, http.StatusOK, templates.ResultForm(h.page(c, formTitle(v)), v))
}

// submitResult handles the result form: "preview" scores the values and shows them with
// their explanations; "save" records the result (or corrects it) and goes to the game page.
// A refusal shows the form again with the reason, changing nothing.
func (h *Handler) submitResult(c echo.Context) error {
	v, g, err := h.resultForm(c)
	if err != nil {
		return err
	}
	fillFromForm(&v, c)
	input, ok := buildInput(&v, g)
	page := h.page(c, formTitle(v))
	if !ok {
		return h.render(c, http.StatusUnprocessableEntity, templates.ResultForm(page, v))
	}
	ctx := c.Request().Context()
	user, _ := currentUser(c) // requireLogin guarantees it
	if c.FormValue("action") == "save" {
		if v.Correcting {
			_, err = h.store.CorrectResult(ctx, v.GameID, user.ID, input)
		} else {
			_, err = h.store.RecordResult(ctx, v.GameID, user.ID, input)
		}
		if err == nil {
			return c.Redirect(http.StatusSeeOther, v.GameURL()+"#result")
		}
	} else {
		var sc store.ScoredResult
		sc, err = h.store.PreviewResult(ctx, v.GameID, input)
		if err == nil {
			v.Preview = &templates.ResultPreview{Victory: string(sc.Result.Victory), WinningSide: sc.Result.WinningSide,
				Lines: resultLineViews(sc.Lines)}
			return h.render(c, http.StatusOK, templates.ResultForm(page, v))
		}
	}
	status, message := classify(resultError(err))
	if status >= http.StatusInternalServerError {
		return err
	}
	var fe *league.FieldError
	if errors.As(err, &fe) {
		if name, ok := formField(fe.Field, v); ok {
			v.Errors[name] = sentence(fe.Problem)
		}
	}
	v.Error = sentence(message)
	return h.render(c, status, templates.ResultForm(page, v))
}

// formTitle is the form page's title.
func formTitle(v templates.ResultFormView) string {
	return fmt.Sprintf("Result of %s game %d", v.GameName, v.GameNumber)
}

// resultForm loads the game and checks that the viewer is its league's organiser (403
// otherwise), returning the empty form fitted to the game's scorer.
func (h *Handler) resultForm(c echo.Context) (templates.ResultFormView, store.ResultGame, error) {
	id, err := pathID(c)
	if err != nil {
		return templates.ResultFormView{}, store.ResultGame{}, err
	}
	ctx := c.Request().Context()
	g, err := h.store.ResultGame(ctx, id)
	if err != nil {
		return templates.ResultFormView{}, store.ResultGame{}, err
	}
	user, _ := currentUser(c)
	if user.ID != g.OrganiserID {
		return templates.ResultFormView{}, store.ResultGame{}, store.ErrNotOrganiser
	}
	game, err := h.store.Game(ctx, id)
	if err != nil {
		return templates.ResultFormView{}, store.ResultGame{}, err
	}
	l, err := h.store.League(ctx, g.LeagueID)
	if err != nil {
		return templates.ResultFormView{}, store.ResultGame{}, err
	}
	v := templates.ResultFormView{
		GameID: id, GameNumber: game.Number, GameName: g.Game.Name, LeagueName: l.Name,
		LeagueURL: "/leagues/" + strconv.FormatInt(l.ID, 10), ScoreLabel: g.Game.ScoreLabel,
		RulesNote: g.Game.RulesNote, Correcting: g.Status == store.GameFinished, Errors: templates.FieldErrors{},
		ShowDestroyed: g.Game.System == league.BlueMax,
	}
	switch {
	case g.Game.System.IsTeamGame():
		v.Kind = "team"
	case g.Game.System == league.Armada:
		v.Kind = "armada"
	case g.Game.System == league.Vortex:
		v.Kind = "vortex"
	default:
		v.Kind = "placement"
	}
	side := sideOfSeat(g)
	for _, s := range game.Seats {
		seat := templates.ResultSeatForm{Position: s.Position, Username: s.Username, DisplayName: s.DisplayName, Units: "1"}
		if v.Kind == "team" {
			seat.Side = side[s.Position]
			seat.Lost, seat.Destroyed, seat.Points = "0", "0", "0"
		}
		v.Seats = append(v.Seats, seat)
	}
	if v.Kind == "team" {
		v.SideNames = sideNames(g.Game)
	}
	return v, g, nil
}

// sideNames are a team game's two side names.
func sideNames(g league.Game) []string {
	names := []string{"Side 1", "Side 2"}
	for i := range names {
		if i < len(g.SideNames) {
			names[i] = g.SideNames[i]
		}
	}
	return names
}

// sideOfSeat maps each seat position of a team game to its side's name (league.Game.Sides).
func sideOfSeat(g store.ResultGame) map[int]string {
	out := map[int]string{}
	names := sideNames(g.Game)
	for i, positions := range g.Game.Sides(len(g.Seats)) {
		for _, p := range positions {
			out[p] = names[i]
		}
	}
	return out
}

// fillFromForm copies the submitted values into the form.
func fillFromForm(v *templates.ResultFormView, c echo.Context) {
	for i := range v.Seats {
		s := &v.Seats[i]
		get := func(field string) string { return strings.TrimSpace(c.FormValue(s.Name(field))) }
		s.Score, s.Units, s.Lost, s.Destroyed, s.Points = get("score"), get("units"), get("lost"), get("destroyed"), get("points")
		s.Centers, s.Years, s.Eliminated, s.Substitute = get("centers"), get("years"), get("eliminated"), get("substitute")
	}
	v.LowerIsBetter = c.FormValue("lower_is_better") != ""
	v.Outcome = c.FormValue("outcome")
	v.ConcededTo = c.FormValue("conceded_to")
}

// storedInput is the shape of every scorer input, to fill a correction form from the
// recorded one.
type storedInput struct {
	Players []struct {
		ID         string      `json:"id"`
		Score      json.Number `json:"score"`
		Centers    json.Number `json:"centers"`
		Years      json.Number `json:"years"`
		Eliminated json.Number `json:"eliminated"`
	} `json:"players"`
	Sides []struct {
		Players []struct {
			ID        string      `json:"id"`
			Units     json.Number `json:"units"`
			Lost      json.Number `json:"lost"`
			Destroyed json.Number `json:"destroyed"`
			Points    json.Number `json:"points"`
		} `json:"players"`
	} `json:"sides"`
	LowerIsBetter bool              `json:"lower_is_better"`
	Outcome       string            `json:"outcome"`
	Winners       []string          `json:"winners"`
	Replaced      map[string]string `json:"replaced"`
}

// fillFromInput fills the form with a recorded result's input.
func fillFromInput(v *templates.ResultFormView, input []byte) {
	var in storedInput
	dec := json.NewDecoder(strings.NewReader(string(input)))
	dec.UseNumber()
	if dec.Decode(&in) != nil {
		return
	}
	seat := func(id string) *templates.ResultSeatForm {
		for i := range v.Seats {
			if strings.EqualFold(v.Seats[i].Username, id) {
				return &v.Seats[i]
			}
		}
		return nil
	}
	for _, p := range in.Players {
		if s := seat(p.ID); s != nil {
			s.Score, s.Centers, s.Years, s.Eliminated = p.Score.String(), p.Centers.String(), p.Years.String(), p.Eliminated.String()
		}
	}
	for _, side := range in.Sides {
		for _, p := range side.Players {
			if s := seat(p.ID); s != nil {
				s.Units, s.Lost, s.Destroyed, s.Points = orDefault(p.Units, "1"), orDefault(p.Lost, "0"), orDefault(p.Destroyed, "0"), orDefault(p.Points, "0")
			}
		}
	}
	for id, sub := range in.Replaced {
		if s := seat(id); s != nil {
			s.Substitute = sub
		}
	}
	v.LowerIsBetter, v.Outcome = in.LowerIsBetter, in.Outcome
	if in.Outcome == string(league.OutcomeConcession) && len(in.Winners) == 1 {
		if s := seat(in.Winners[0]); s != nil {
			v.ConcededTo = s.Username
		}
	}
}

// orDefault is n as typed, or def when absent.
func orDefault(n json.Number, def string) string {
	if n == "" {
		return def
	}
	return n.String()
}

// numberPattern is what a form number may look like: a decimal, as JSON writes it.
var numberPattern = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?$`)

// buildInput turns the form into the scorer input of CONTRACT section 1 (usernames as ids),
// checking that every number is one. Diplomacy winners follow from the outcome: the player
// with 18 or more centres for a solo, the player conceded to, or every survivor owning a
// centre in a draw ("Draws Include All Survivors", seed 1.1).
func buildInput(v *templates.ResultFormView, g store.ResultGame) ([]byte, bool) {
	number := func(s templates.ResultSeatForm, field, value, label string, required bool) json.RawMessage {
		name := s.Name(field)
		switch {
		case value == "" && required:
			v.Errors[name] = "Enter " + label
		case value == "":
			return nil
		case !numberPattern.MatchString(value):
			v.Errors[name] = "Not a number: " + value
		default:
			return json.RawMessage(value)
		}
		return nil
	}
	type player struct {
		ID         string          `json:"id"`
		Score      json.RawMessage `json:"score,omitempty"`
		Units      json.RawMessage `json:"units,omitempty"`
		Lost       json.RawMessage `json:"lost,omitempty"`
		Destroyed  json.RawMessage `json:"destroyed,omitempty"`
		Points     json.RawMessage `json:"points,omitempty"`
		Centers    json.RawMessage `json:"centers,omitempty"`
		Years      json.RawMessage `json:"years,omitempty"`
		Eliminated json.RawMessage `json:"eliminated,omitempty"`
	}
	type side struct {
		Name    string   `json:"name"`
		Players []player `json:"players"`
	}
	doc := map[string]any{}
	switch v.Kind {
	case "team":
		var sides []side
		for _, name := range v.SideNames {
			sd := side{Name: name, Players: []player{}}
			for _, s := range v.SeatsOf(name) {
				p := player{ID: s.Username,
					Units:  number(s, "units", s.Units, "the units the player started with", true),
					Lost:   number(s, "lost", s.Lost, "the units lost", true),
					Points: number(s, "points", s.Points, "the personal points", true)}
				if v.ShowDestroyed {
					p.Destroyed = number(s, "destroyed", s.Destroyed, "the enemy units destroyed", true)
				}
				sd.Players = append(sd.Players, p)
			}
			sides = append(sides, sd)
		}
		doc["sides"] = sides
	case "armada":
		var players []player
		var winners []string
		for _, s := range v.Seats {
			p := player{ID: s.Username,
				Centers:    number(s, "centers", s.Centers, "the supply centres (0 if none)", true),
				Years:      number(s, "years", s.Years, "the game-years played", true),
				Eliminated: number(s, "eliminated", s.Eliminated, "", false)}
			players = append(players, p)
			survived := s.Eliminated == ""
			switch v.Outcome {
			case "solo":
				if c, ok := new(big.Rat).SetString(s.Centers); ok && survived && c.Cmp(big.NewRat(league.SoloCenters, 1)) >= 0 {
					winners = append(winners, s.Username)
				}
			case "draw":
				// DIAS: the draw is shared by the survivors owning a centre (CONTRACT section 1).
				if c, ok := new(big.Rat).SetString(s.Centers); ok && survived && c.Sign() > 0 {
					winners = append(winners, s.Username)
				}
			}
		}
		switch v.Outcome {
		case "solo":
			if len(winners) != 1 && len(v.Errors) == 0 {
				v.Errors["outcome"] = "A solo victory needs exactly one surviving player with 18 or more centres"
			}
		case "concession":
			if v.ConcededTo == "" {
				v.Errors["conceded_to"] = "Choose the player the game was conceded to"
			}
			winners = []string{v.ConcededTo}
		case "draw":
		default:
			v.Errors["outcome"] = "Choose how the game ended"
		}
		doc["outcome"], doc["players"], doc["winners"] = v.Outcome, players, winners
		replaced := map[string]string{}
		for _, s := range v.Seats {
			if s.Substitute != "" {
				replaced[s.Username] = s.Substitute
			}
		}
		if len(replaced) > 0 {
			doc["replaced"] = replaced
		}
	default:
		var players []player
		for _, s := range v.Seats {
			players = append(players, player{ID: s.Username, Score: number(s, "score", s.Score, "the "+v.ScoreLabel, true)})
		}
		doc["players"] = players
		if v.Kind == "placement" && v.LowerIsBetter {
			doc["lower_is_better"] = true
		}
	}
	if len(v.Errors) > 0 {
		v.Error = "Some values need fixing; see the marked fields."
		return nil, false
	}
	b, err := json.Marshal(doc)
	if err != nil {
		v.Error = "The form could not be read: " + err.Error()
		return nil, false
	}
	return b, true
}

// fieldPath matches a scorer field path: players[i].field or sides[s].players[i].field.
var fieldPath = regexp.MustCompile(`^(?:sides\[(\d+)\]\.)?players\[(\d+)\]\.([a-z]+)$`)

// formField maps a scorer's field path back to the form input it came from.
func formField(path string, v templates.ResultFormView) (string, bool) {
	if strings.HasPrefix(path, "replaced.") {
		id := strings.TrimPrefix(path, "replaced.")
		for _, s := range v.Seats {
			if strings.EqualFold(s.Username, id) {
				return s.Name("substitute"), true
			}
		}
		return "", false
	}
	if path == "outcome" || path == "winners" {
		return "outcome", true
	}
	if strings.HasPrefix(path, "winners[") {
		// The only winner named on the form is the player a game was conceded to.
		if v.Outcome == string(league.OutcomeConcession) {
			return "conceded_to", true
		}
		return "outcome", true
	}
	m := fieldPath.FindStringSubmatch(path)
	if m == nil {
		return "", false
	}
	i, err := strconv.Atoi(m[2])
	if err != nil { // digits too many for an int: no such seat
		return "", false
	}
	var seats []templates.ResultSeatForm
	if m[1] != "" {
		s, err := strconv.Atoi(m[1])
		if err != nil || s >= len(v.SideNames) {
			return "", false
		}
		seats = v.SeatsOf(v.SideNames[s])
	} else {
		seats = v.Seats
	}
	if i >= len(seats) {
		return "", false
	}
	return seats[i].Name(m[3]), true
}

// resultLineViews renders scored lines for a page.
func resultLineViews(lines []store.ResultLine) []templates.ResultLineView {
	out := make([]templates.ResultLineView, len(lines))
	for i, l := range lines {
		name := l.DisplayName
		if name == "" {
			name = l.Username
		}
		out[i] = templates.ResultLineView{Position: l.Position, Username: l.Username, DisplayName: name,
			Points: league.Readable(l.Points), Place: l.Place, Winner: l.Winner, Side: l.Side,
			Explanation: l.Explanation, Substitute: l.Substitute}
	}
	return out
}
