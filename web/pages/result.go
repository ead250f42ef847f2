package pages

import (
	"cmp"
	"context"
	"errors"
	"math/big"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// resultView gathers a game's result section: the scored lines, the rating ledger and the
// audit trail with each correction's diff. canRecord says whether the viewer may record
// or correct (the organiser or a co-organiser, while the league takes results). Its times
// are in zone, the game's league's ("" for a normal game: UTC), shown by the page's clock.
func (h *Handler) resultView(c echo.Context, g store.Game, canRecord bool, clock pageClock, zone string) (templates.ResultView, error) {
	gameID := g.ID
	v := templates.ResultView{GameID: gameID, CanRecord: canRecord}
	if g.Status != store.GameFinished {
		return v, nil
	}
	game, version, err := gameAndVersion(g.Game, g.Version)
	if err != nil {
		return v, err
	}
	ctx := c.Request().Context()
	r, err := h.Store.Result(ctx, gameID)
	if err != nil {
		return v, err
	}
	audit, err := h.Store.ResultAudit(ctx, gameID)
	if err != nil {
		return v, err
	}
	v.Recorded = true
	dispute, err := h.Store.SettledDispute(ctx, gameID)
	disputed := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return v, err
	}
	name, err := h.peopleNames(ctx, r, audit, dispute)
	if err != nil {
		return v, err
	}
	if disputed {
		v.Dispute = &templates.DisputeView{DisputedBy: name(dispute.DisputedBy), Proposer: name(dispute.Proposer),
			At: clock.show(dispute.DisputedAt, zone, timeLayout), Reason: sentenceEnd(dispute.Reason), Proposal: proposalScores(r.Lines, scoring.EnteredIn(game, version, dispute.Input))}
	}
	v.Victory, v.WinningSide = string(r.Result.Victory), r.Result.WinningSide
	// By place, best first, each with what was entered for it.
	v.Lines = inPlaceOrder(withScores(resultLineViews(r.Result.System, r.Lines), scoring.EnteredIn(game, version, r.Input)))
	v.Ladder = r.Ladder
	v.RecordedBy, v.RecordedAt = name(r.RecordedBy), clock.show(r.RecordedAt, zone, timeLayout)
	if r.CorrectedAt != nil {
		v.CorrectedBy, v.CorrectedAt = name(r.CorrectedBy), clock.show(*r.CorrectedAt, zone, timeLayout)
	}
	var pot rating.Micros
	for _, l := range r.Ledger {
		pot += l.Ante
		v.Ledger = append(v.Ledger, templates.LedgerView{Username: l.Player, Substitute: l.Substitute, Credited: l.Credited,
			Name: name(l.Player), SubstituteName: name(l.Substitute), CreditedName: name(l.Credited),
			Before: showMicros(l.Before), Ante: showMicros(l.Ante), Award: showMicros(l.Award), Delta: signedMicros(l.Delta),
			After: showMicros(l.After), Trend: trend(int64(l.Delta))})
	}
	v.PotNote = potNote(r.Result.System, len(r.Ledger), pot)
	v.Pot, v.FullPot = pot, rating.FullPot(r.Result.System.PointsArePot(), len(r.Ledger))
	for _, a := range audit {
		av := templates.AuditView{Username: a.Username, Name: name(a.Username), Action: a.Action + "ed", At: clock.show(a.At, zone, timeLayout), Reason: a.Reason}
		if a.Action == "correct" {
			av.Action = "corrected"
		}
		for _, p := range a.Changes.Points {
			d := p.Delta()
			av.Points = append(av.Points, templates.ChangeView{Username: p.Username, Name: name(p.Username), Before: scoring.Mixed(p.Before),
				After: scoring.Mixed(p.After), Delta: signedRat(d), Trend: trend(int64(d.Sign()))})
		}
		for _, rc := range a.Changes.Ratings {
			av.Ratings = append(av.Ratings, templates.ChangeView{Username: rc.Username, Name: name(rc.Username), Before: showMicros(rc.Before),
				After: showMicros(rc.After), Delta: signedMicros(rc.After - rc.Before), Trend: trend(int64(rc.After - rc.Before))})
		}
		v.Audit = append(v.Audit, av)
	}
	return v, nil
}

// peopleNames names the people of a game's result section as people know them: each
// username to its display name (a ladder member's name for a ladder member, the username
// for one without an account), found in one query.
func (h *Handler) peopleNames(ctx context.Context, r store.GameResult, audit []store.AuditEntry, d store.SettledDispute) (func(string) string, error) {
	us := []string{r.RecordedBy, r.CorrectedBy, d.DisputedBy, d.Proposer}
	for _, l := range r.Ledger {
		us = append(us, l.Player, l.Substitute, l.Credited)
	}
	for _, a := range audit {
		us = append(us, a.Username)
		for _, p := range a.Changes.Points {
			us = append(us, p.Username)
		}
		for _, rc := range a.Changes.Ratings {
			us = append(us, rc.Username)
		}
	}
	names, err := h.Store.DisplayNames(ctx, us)
	if err != nil {
		return nil, err
	}
	return func(u string) string {
		if n := templates.PersonName(u); n != u {
			return n
		}
		return cmp.Or(names[u], u)
	}, nil
}

// timeLayout is how pages show when something happened, in the page's zone (pageClock).
const timeLayout = "2 Jan 2006 15:04"

// trend names the direction of a change for its colour: "up", "down" or "flat".
func trend(sign int64) string {
	switch {
	case sign > 0:
		return "up"
	case sign < 0:
		return "down"
	}
	return "flat"
}

// signedMicros writes a rating change for a page with its sign, to one decimal: "+12.5",
// "−3.0", "0.0".
func signedMicros(m rating.Micros) string {
	if m > 0 {
		return "+" + showMicros(m)
	}
	return showMicros(m)
}

// signedRat writes a points change with its sign: "+12", "−4 1/2", "0".
func signedRat(r *big.Rat) string {
	switch r.Sign() {
	case 1:
		return "+" + scoring.Mixed(r)
	case -1:
		return scoring.Mixed(r)
	}
	return "0"
}

// showMicros writes a rating amount for a page to one decimal, rounded half away from
// zero, with a true minus sign: "219.1", "84.0", "−3.5". The API keeps millionths.
func showMicros(m rating.Micros) string {
	const tenth = rating.PerPoint / 10
	neg := m < 0
	mag := uint64(m)
	if neg {
		mag = -mag
	}
	tenths := (mag + uint64(tenth)/2) / uint64(tenth)
	s := strconv.FormatUint(tenths/10, 10) + "." + strconv.FormatUint(tenths%10, 10)
	if neg && tenths != 0 {
		return "−" + s
	}
	return s
}

// proposalScores says what a proposal entered for each player of the recorded lines, in
// their order ("ada 30, bruno 20"), from what it entered (scoring.EnteredIn); "" when it
// entered no scores.
func proposalScores(lines []store.ResultLine, scores map[string]string) string {
	var out []string
	for _, l := range lines {
		if sc := scores[strings.ToLower(l.Player)]; sc != "" {
			out = append(out, l.Player+" "+sc)
		}
	}
	return strings.Join(out, ", ")
}

// gameAndVersion are the registry's game of slug and its version played, to read a stored
// result body of it (scoring.Game.DecodeResult).
func gameAndVersion(slug, version string) (scoring.Game, scoring.Version, error) {
	game, err := scoring.GameBySlug(slug)
	if err != nil {
		return scoring.Game{}, scoring.Version{}, err
	}
	v, err := game.Version(version)
	if err != nil {
		return scoring.Game{}, scoring.Version{}, err
	}
	return game, v, nil
}

// sentenceEnd ends s with one full stop (issue #34: never two), unless it ends with other
// punctuation already.
func sentenceEnd(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
}
