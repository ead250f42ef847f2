package pages

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// ambitionMarkerRows is how many marker rows the ambition helper offers: an ambition is
// declared at most three times a chapter, each declaration placing a marker on its box.
const ambitionMarkerRows = 3

// ambitionHelper is an Arcs game's ambition helper, GET /games/{id}/ambition: the markers
// on an ambition's box in the values of the game's version (the base game's two, Lost
// Vaults & Fated Leaders' three: "ambition markers that show three values instead of the
// two before", arcs-tied-ambitions.txt) and each seat's count; with "preview" in the query
// it shows the Power each player gains, scored by `tablestakes score arcs-ambition`'s
// scorer. It reads the game and writes nothing; a game other than Arcs has none (404).
func (h *Handler) ambitionHelper(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	g, err := h.Store.Game(c.Request().Context(), id)
	if err != nil {
		return err
	}
	game, err := scoring.GameBySlug(g.Game)
	if err != nil {
		return err
	}
	ver, err := game.Version(g.Version)
	if err != nil || ver.MarkerValues == 0 {
		return echo.NewHTTPError(http.StatusNotFound, "this game has no ambitions to score")
	}
	title := game.Name + " — table " + strconv.FormatInt(g.ID, 10)
	if g.LeagueID != 0 {
		title = game.Name + " — game " + strconv.Itoa(g.Number)
	}
	v := templates.AmbitionView{GameID: g.ID, GameTitle: title, Version: versionView(game, ver.Slug, g.Edition),
		Errors: templates.FormErrors{}}
	q := c.QueryParams()
	// Seats not taken yet at an open table still have their names.
	names := game.SeatNames(g.SeatCount)
	for i := range max(g.SeatCount, len(g.Seats)) {
		s := templates.AmbitionSeat{Position: i + 1, Bonus: "0"}
		if i < len(g.Seats) {
			s.Username, s.DisplayName = g.Seats[i].Username, g.Seats[i].DisplayName
		} else if i < len(names) {
			s.Username, s.DisplayName = names[i], names[i]
		}
		s.Count = strings.TrimSpace(q.Get(s.CountField()))
		if b := q.Get(s.BonusField()); b != "" {
			s.Bonus = b
		}
		v.Seats = append(v.Seats, s)
	}
	v.TwoPlayers = len(v.Seats) == 2
	v.Neutral = strings.TrimSpace(q.Get("neutral"))
	v.Markers = make([][]string, ambitionMarkerRows)
	for i := range v.Markers {
		v.Markers[i] = make([]string, ver.MarkerValues)
		for j := range v.Markers[i] {
			v.Markers[i][j] = strings.TrimSpace(q.Get(templates.MarkerField(i, j)))
		}
	}
	if q.Get("preview") == "" {
		return h.Render(c, http.StatusOK, templates.Ambition(h.Page(c, locales.T(c.Request().Context(), "ambition.title")), v))
	}
	status := http.StatusOK
	problem, err := scoreAmbition(&v, ver, q)
	if err != nil {
		return err
	}
	if !problem.Empty() {
		v.Problem = problem
		status = http.StatusUnprocessableEntity
	}
	return h.Render(c, status, templates.Ambition(h.Page(c, locales.T(c.Request().Context(), "ambition.title")), v))
}

// scoreAmbition builds the arcs-ambition input from the helper's fields, checks its markers
// against the version (scoring.Version.CheckMarkers: a value beyond the version's markers,
// sent by hand, is refused) and scores it into v.Results. What it refuses in the fields is
// the problem, carried by its message id so the page says it in the reader's language; the
// error is one that no input causes.
func scoreAmbition(v *templates.AmbitionView, ver scoring.Version, q url.Values) (templates.AmbitionProblem, error) {
	type player struct {
		ID    string          `json:"id"`
		Count json.RawMessage `json:"count"`
		Bonus json.RawMessage `json:"bonus,omitempty"`
	}
	in := struct {
		Markers [][]json.RawMessage `json:"markers"`
		Players []player            `json:"players"`
		Neutral json.RawMessage     `json:"neutral,omitempty"`
	}{}
	marker := func(i int) (string, map[string]any) {
		return "ambition.marker", map[string]any{"Marker": i + 1}
	}
	var markers [][]int64
	for i := range ambitionMarkerRows {
		var row []json.RawMessage
		var values []int64
		// A row runs to its last filled value; values beyond the version's are refused below.
		for j := range 3 {
			s := strings.TrimSpace(q.Get(templates.MarkerField(i, j)))
			if s == "" {
				continue
			}
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				subject, data := marker(i)
				return templates.AmbitionProblem{Subject: subject, SubjectData: data,
					Words: templates.FormWords{ID: "scoring.whole", Data: map[string]any{"Got": s}, English: "must be a whole number, got " + s}}, nil
			}
			if len(values) < j {
				subject, data := marker(i)
				return templates.AmbitionProblem{Subject: subject, SubjectData: data,
					Words: templates.FormWords{ID: "ambition.fill_from_first", English: "fill its values from 1st place on"}}, nil
			}
			values = append(values, n)
			row = append(row, json.RawMessage(strconv.FormatInt(n, 10)))
		}
		if len(row) > 0 {
			in.Markers = append(in.Markers, row)
			markers = append(markers, values)
		}
	}
	if err := ver.CheckMarkers(markers); err != nil {
		p := ambitionProblem(v, err)
		v.Errors["markers"] = p.Words
		return p, nil
	}
	notANumber := func(subject string, data map[string]any, value string) templates.AmbitionProblem {
		return templates.AmbitionProblem{Subject: subject, SubjectData: data,
			Words: templates.FormWords{ID: "resultform.not_a_number", Data: map[string]any{"Value": value}, English: "Not a number: " + value}}
	}
	for _, s := range v.Seats {
		count := s.Count
		if count == "" {
			count = "0"
		}
		if !scoring.FormNumber(count) {
			return notANumber("ambition.count_of", map[string]any{"Name": s.DisplayName}, count), nil
		}
		p := player{ID: s.Username, Count: json.RawMessage(count)}
		if s.Bonus != "0" && s.Bonus != "" {
			if !scoring.FormNumber(s.Bonus) {
				return notANumber("ambition.bonus_of", map[string]any{"Name": s.DisplayName}, s.Bonus), nil
			}
			p.Bonus = json.RawMessage(s.Bonus)
		}
		in.Players = append(in.Players, p)
	}
	if v.TwoPlayers && v.Neutral != "" {
		if !scoring.FormNumber(v.Neutral) {
			return notANumber("ambition.neutral_field", nil, v.Neutral), nil
		}
		in.Neutral = json.RawMessage(v.Neutral)
	}
	body, err := json.Marshal(in)
	if err != nil {
		return templates.AmbitionProblem{}, err
	}
	v.Input = string(body)
	res, err := scoring.Score(scoring.ArcsAmbition, body)
	if err != nil {
		return ambitionProblem(v, err), nil
	}
	for i, r := range res.Results {
		v.Results = append(v.Results, templates.AmbitionResult{DisplayName: v.Seats[i].DisplayName, Place: r.Place,
			Power: r.Points.RatString(), Explanation: r.Explanation})
	}
	return templates.AmbitionProblem{}, nil
}

// ambitionProblem is the scorer's refusal err of the helper's input, said where it is: the
// field path of the arcs-ambition input ("markers[1]", "players[2].count", "neutral") named
// as the helper names its field, and the problem by its message id ("" for one without).
func ambitionProblem(v *templates.AmbitionView, err error) templates.AmbitionProblem {
	var fe *scoring.FieldError
	if !errors.As(err, &fe) {
		return templates.AmbitionProblem{Words: templates.FormWords{English: err.Error()}}
	}
	id, data := fe.Words()
	p := templates.AmbitionProblem{Words: templates.FormWords{ID: id, Data: data, English: fe.Problem}}
	var i int
	var rest string
	switch {
	case fe.Field == "neutral":
		p.Subject = "ambition.neutral_field"
	case scanIndex(fe.Field, "markers[", &i, &rest):
		p.Subject, p.SubjectData = "ambition.marker", map[string]any{"Marker": i + 1}
	case scanIndex(fe.Field, "players[", &i, &rest) && i < len(v.Seats) && rest == ".count":
		p.Subject, p.SubjectData = "ambition.count_of", map[string]any{"Name": v.Seats[i].DisplayName}
	case scanIndex(fe.Field, "players[", &i, &rest) && i < len(v.Seats) && rest == ".bonus":
		p.Subject, p.SubjectData = "ambition.bonus_of", map[string]any{"Name": v.Seats[i].DisplayName}
	}
	return p
}

// scanIndex reads path as prefix, an index and "]" and the rest ("players[2].count" →
// 2, ".count"), reporting whether it does.
func scanIndex(path, prefix string, i *int, rest *string) bool {
	after, ok := strings.CutPrefix(path, prefix)
	if !ok {
		return false
	}
	digits, tail, ok := strings.Cut(after, "]")
	if !ok {
		return false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 0 {
		return false
	}
	*i, *rest = n, tail
	return true
}
