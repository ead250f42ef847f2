package pages

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/templates"
)

// vortexColours are the Vortex seats in start order: each colour's path begins at its
// corner of the 16-cell loop (vortex-mechanics.txt: "CYAN, starting between RED and BLUE").
var vortexColours = []struct {
	key, name string
	start     int
}{
	{"red", "Red", 0}, {"cyan", "Cyan", 4}, {"blue", "Blue", 8}, {"green", "Green", 12},
}

// vortexCalculator shows the Vortex position calculator, GET /vortex: with no query, the
// seed's example board (Red 18 cells in, Blue 5, a d6); otherwise the board in the query.
// Anyone may use it; it reads and writes nothing.
func (h *Handler) vortexCalculator(c echo.Context) error {
	q := c.QueryParams()
	if len(q) == 0 {
		q = url.Values{"die": {"6"}, "red": {"on"}, "red1": {"18"}, "blue": {"on"}, "blue1": {"5"}}
	}
	lang := locales.From(c.Request().Context())
	title := lang.T("vortex.title")
	v, board, ok := vortexForm(lang, q)
	if !ok {
		return h.Render(c, http.StatusUnprocessableEntity, templates.VortexCalculator(h.Page(c, title), v))
	}
	pos, err := scoring.ScoreVortexPosition(board)
	if err != nil {
		// A board the seed forbids (two tokens in one space) names the token: the alert
		// says why in the seed's words, and the token's input is marked.
		v.Error = err.Error()
		var fe *scoring.FieldError
		if errors.As(err, &fe) {
			if field, ok := vortexTokenField(board, fe.Field); ok {
				// The calculator names tokens by colour; the other token's JSON path means
				// nothing here.
				v.Error = tokenPathRE.ReplaceAllString(fe.Problem, "")
				v.Errors[field] = lang.T("vortex.shares")
			}
		}
		return h.Render(c, http.StatusUnprocessableEntity, templates.VortexCalculator(h.Page(c, title), v))
	}
	v.Scores = vortexScoreViews(lang, pos)
	return h.Render(c, http.StatusOK, templates.VortexCalculator(h.Page(c, title), v))
}

// tokenPathRE matches a token's JSON path in parentheses, as a board's error cites it.
var tokenPathRE = regexp.MustCompile(` \(players\[\d+\]\.tokens\[\d+\]\)`)

// vortexTokenField maps a board's token path ("players[1].tokens[2]") to the calculator's
// input for it ("blue3"): the board holds the playing colours in order.
func vortexTokenField(board scoring.VortexBoard, path string) (string, bool) {
	var i, k int
	if n, err := fmt.Sscanf(path, "players[%d].tokens[%d]", &i, &k); err != nil || n != 2 || i < 0 || i >= len(board.Players) {
		return "", false
	}
	for _, col := range vortexColours {
		if col.name == board.Players[i].ID {
			return col.key + strconv.Itoa(k+1), true
		}
	}
	return "", false
}

// vortexForm reads the calculator's fields: die (default 6), a checkbox per colour and its
// four token distances (blank is 0). ok is false when a field is refused; v then carries
// the errors and the values as entered.
func vortexForm(lang locales.Lang, q url.Values) (v templates.VortexCalculatorView, board scoring.VortexBoard, ok bool) {
	v = templates.VortexCalculatorView{Die: strings.TrimSpace(q.Get("die")), Errors: templates.FieldErrors{}}
	board.Die = scoring.VortexDefaultDie
	if v.Die != "" {
		n, err := strconv.Atoi(v.Die)
		if err != nil || n < 1 || n > 1000 {
			v.Errors["die"] = lang.T("vortex.die_error")
		}
		board.Die = n
	} else {
		v.Die = strconv.Itoa(scoring.VortexDefaultDie)
	}
	for _, col := range vortexColours {
		s := templates.VortexSeatForm{Key: col.key, Name: lang.T("vortex.colour." + col.key), Start: col.start, Playing: q.Get(col.key) == "on"}
		seat := scoring.VortexSeat{ID: col.name, Start: col.start}
		for k := range s.Tokens {
			field := s.TokenField(k)
			s.Tokens[k] = strings.TrimSpace(q.Get(field))
			if s.Tokens[k] == "" {
				s.Tokens[k] = "0"
			}
			n, err := strconv.Atoi(s.Tokens[k])
			if err != nil || n < 0 || n > scoring.VortexCentre {
				if s.Playing {
					v.Errors[field] = lang.T("vortex.token_error")
				}
				continue
			}
			seat.Tokens[k] = n
		}
		v.Seats = append(v.Seats, s)
		if s.Playing {
			board.Players = append(board.Players, seat)
		}
	}
	if len(board.Players) == 0 {
		v.Error = lang.T("vortex.no_colour")
	}
	v.Board = vortexBoardView(lang, board)
	return v, board, len(v.Errors) == 0 && v.Error == ""
}

// vortexBoardView draws the board's tokens; tokens sharing a place are spread around it.
func vortexBoardView(lang locales.Lang, board scoring.VortexBoard) templates.VortexBoardView {
	b := templates.VortexBoardView{Cells: templates.VortexBoardCells()}
	type place struct{ x, y int }
	count := map[place]int{}
	for _, p := range board.Players {
		for _, d := range p.Tokens {
			x, y := templates.VortexTokenAt(p.Start, d, 0, 1)
			count[place{x, y}]++
		}
	}
	seen := map[place]int{}
	var words []string
	for _, p := range board.Players {
		key := strings.ToLower(p.ID)
		ds := make([]string, len(p.Tokens))
		for k, d := range p.Tokens {
			ds[k] = strconv.Itoa(d)
			x, y := templates.VortexTokenAt(p.Start, d, 0, 1)
			at := place{x, y}
			cx, cy := templates.VortexTokenAt(p.Start, d, seen[at], count[at])
			seen[at]++
			title := lang.T("vortex.token_title", map[string]any{"Colour": colourName(lang, p.ID), "Token": k + 1, "Where": vortexWhere(lang, d)})
			b.Tokens = append(b.Tokens, templates.VortexTokenMark{CX: strconv.Itoa(cx), CY: strconv.Itoa(cy), Key: key, Label: strconv.Itoa(d), Title: title})
		}
		words = append(words, colourName(lang, p.ID)+" "+strings.Join(ds, ", "))
	}
	b.Summary = lang.T("vortex.summary", map[string]any{"Tokens": strings.Join(words, "; ")})
	if len(words) == 0 {
		b.Summary = lang.T("vortex.summary_empty")
	}
	return b
}

// vortexWhere says where a token at distance d stands.
func vortexWhere(lang locales.Lang, d int) string {
	switch {
	case d == 0:
		return lang.T("vortex.at_start")
	case d == scoring.VortexCentre:
		return lang.T("vortex.in_centre")
	case scoring.VortexSafe(d):
		return lang.N("vortex.cells_in_safe", d)
	}
	return lang.N("vortex.cells_in", d)
}

// colourName is a colour (the board's seat id, "Red") in lang.
func colourName(lang locales.Lang, id string) string {
	return lang.T("vortex.colour." + strings.ToLower(id))
}

// decimalIn writes a scoring.Readable number with lang's decimal sign: a comma in every
// language but English.
func decimalIn(lang locales.Lang, s string) string {
	if lang.Code == locales.Default().Code {
		return s
	}
	return strings.Replace(s, ".", ",", 1)
}

// vortexScoreViews writes the scored position for people.
func vortexScoreViews(lang locales.Lang, pos scoring.VortexPosition) []templates.VortexScoreView {
	out := make([]templates.VortexScoreView, len(pos.Players))
	for i, p := range pos.Players {
		sv := templates.VortexScoreView{Name: colourName(lang, p.ID), Key: strings.ToLower(p.ID), Score: decimalIn(lang, scoring.Readable(p.Score)), Unit: lang.T("vortex.unit." + scoring.PointsWord(p.Score))}
		for _, t := range p.Tokens {
			tv := templates.VortexTokenView{Distance: t.Distance, Where: vortexWhere(lang, t.Distance), Worth: decimalIn(lang, scoring.Readable(t.Worth)), Vulnerability: "—", Threats: "—"}
			if !t.Safe {
				tv.Vulnerability = t.Vulnerability.RatString()
				if len(t.Threats) == 0 {
					tv.Threats = lang.T("vortex.nobody")
				}
			}
			if len(t.Threats) > 0 {
				parts := make([]string, len(t.Threats))
				for j, th := range t.Threats {
					parts[j] = lang.T("vortex.rolls", map[string]any{"Colour": colourName(lang, th.ID), "Rolls": orList(lang, th.Rolls)})
				}
				tv.Threats = strings.Join(parts, "; ")
			}
			sv.Tokens = append(sv.Tokens, tv)
		}
		out[i] = sv
	}
	return out
}

// orList writes "5", "8 or 11" or "1, 2 or 3".
func orList(lang locales.Lang, ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " " + lang.T("vortex.or") + " " + s[len(s)-1]
}
