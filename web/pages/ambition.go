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
		Errors: templates.FieldErrors{}}
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
	if err := scoreAmbition(&v, ver, q); err != nil {
		v.Error = err.Error()
		status = http.StatusUnprocessableEntity
	}
	return h.Render(c, status, templates.Ambition(h.Page(c, locales.T(c.Request().Context(), "ambition.title")), v))
}

// scoreAmbition builds the arcs-ambition input from the helper's fields, checks its markers
// against the version (scoring.Version.CheckMarkers: a value beyond the version's markers,
// sent by hand, is refused) and scores it into v.Results.
func scoreAmbition(v *templates.AmbitionView, ver scoring.Version, q url.Values) error {
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
				return errors.New("marker " + strconv.Itoa(i+1) + ": " + strconv.Quote(s) + " is not a whole number")
			}
			if len(values) < j {
				return errors.New("marker " + strconv.Itoa(i+1) + ": fill its values from 1st place on")
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
		v.Errors["markers"] = scoring.Problem(err)
		return err
	}
	for _, s := range v.Seats {
		count := s.Count
		if count == "" {
			count = "0"
		}
		if !scoring.FormNumber(count) {
			return errors.New(s.Username + ": the count " + strconv.Quote(count) + " is not a number")
		}
		p := player{ID: s.Username, Count: json.RawMessage(count)}
		if s.Bonus != "0" && s.Bonus != "" {
			if !scoring.FormNumber(s.Bonus) {
				return errors.New(s.Username + ": the bonus " + strconv.Quote(s.Bonus) + " is not a number")
			}
			p.Bonus = json.RawMessage(s.Bonus)
		}
		in.Players = append(in.Players, p)
	}
	if v.TwoPlayers && v.Neutral != "" {
		if !scoring.FormNumber(v.Neutral) {
			return errors.New("neutral: " + strconv.Quote(v.Neutral) + " is not a number")
		}
		in.Neutral = json.RawMessage(v.Neutral)
	}
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	v.Input = string(body)
	res, err := scoring.Score(scoring.ArcsAmbition, body)
	if err != nil {
		return err
	}
	for i, r := range res.Results {
		v.Results = append(v.Results, templates.AmbitionResult{DisplayName: v.Seats[i].DisplayName, Place: r.Place,
			Power: r.Points.RatString(), Explanation: r.Explanation})
	}
	return nil
}
