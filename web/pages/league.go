package pages

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// leaguePage shows a league: members, join button, games and the schedule's fairness.
func (h *Handler) leaguePage(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	v, err := h.leagueView(c, id)
	if err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, templates.League(h.Page(c, v.League.Name), v))
}

// joinLeague signs the viewer up to the league (POST /leagues/{id}/join) and goes back to
// its page, where the schedule shows once its last player (the N-th) has joined. A refusal shows the
// league page with the reason: 409 (running, full, already joined) or 403 (activity rule).
func (h *Handler) joinLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	// A private league's join comes from its invite link, with the link's token.
	invite := c.FormValue("invite")
	_, err = h.Leagues.JoinInvited(c.Request().Context(), id, user.ID, invite)
	if err == nil {
		h.LeagueChanged(c, id)
		h.Flash(c, locales.T(c.Request().Context(), "leaguepage.joined"))
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10))
	}
	status, message, ok := httpx.JoinRefusal(err)
	if !ok {
		return err
	}
	v, verr := h.leagueView(c, id)
	if verr != nil {
		return verr
	}
	if status == http.StatusConflict {
		// The rules' refusal, in the reader's language when it carries a message id.
		message = httpx.SayError(locales.From(c.Request().Context()), err)
	}
	v.Join.Error = httpx.Sentence(message)
	v.Join.Invite = invite
	return h.Render(c, status, templates.League(h.Page(c, v.League.Name), v))
}

// leagueShared is what a league's page reads from the database that is the same for every
// viewer: the league, its members and games, the activity states, the replacements and
// withdrawals, and the standings. It is cached as one part (web/httpx/cache_parts.go) until the
// next write; the viewer's own parts (their marks, the join and manage sections) are worked
// out per request from it.
type leagueShared struct {
	league    store.League
	members   []store.Member
	games     []store.Game
	activity  map[int64]store.ActivityState
	replaced  []store.Replacement
	withdrawn []store.Withdrawal
	standings []scoring.Standing
	// fairness is the schedule's report; nil before the schedule is built.
	fairness *templates.FairnessView
	// keys are what the part shows (store.CacheKey): the league, and its members' pages
	// when its activity rule counts their games in every league.
	keys []store.CacheKey
}

// leagueShared returns league id's shared part, from the cache when it holds it.
func (h *Handler) leagueShared(ctx context.Context, id int64) (leagueShared, error) {
	return httpx.KeyedPart(h.Cache, httpx.PartKey("league", id), func() (leagueShared, []store.CacheKey, error) {
		s, err := h.readLeagueShared(ctx, id)
		return s, s.keys, err
	})
}

// readLeagueShared reads league id's shared part from the database.
func (h *Handler) readLeagueShared(ctx context.Context, id int64) (leagueShared, error) {
	var (
		s   leagueShared
		err error
	)
	if s.league, err = h.Store.League(ctx, id); err != nil {
		return s, err
	}
	if s.members, err = h.Store.Members(ctx, id); err != nil {
		return s, err
	}
	s.keys = []store.CacheKey{store.LeagueKey(id)}
	if s.games, err = h.Store.Games(ctx, id); err != nil {
		return s, err
	}
	s.activity = map[int64]store.ActivityState{}
	if (league.Activity{MinRecentGames: s.league.MinRecentGames, RecentDays: s.league.RecentDays}).On() {
		states, err := h.Leagues.Activity(ctx, id)
		if err != nil {
			return s, err
		}
		for _, a := range states {
			s.activity[a.UserID] = a
		}
		// A member's games in any league move their activity here: the part shows them.
		for _, m := range s.members {
			s.keys = append(s.keys, store.PlayerKey(m.Username))
		}
	}
	if len(s.games) == 0 {
		return s, nil
	}
	if s.replaced, err = h.Leagues.Replacements(ctx, id); err != nil {
		return s, err
	}
	if s.withdrawn, err = h.Leagues.Withdrawals(ctx, id); err != nil {
		return s, err
	}
	if s.standings, err = h.Leagues.Standings(ctx, id); err != nil {
		return s, err
	}
	f := fairness(s.league, s.members, s.replaced, s.games)
	f.Withdrawals = withdrawalReports(s.withdrawn, s.league.TimeZone)
	s.fairness = &f
	return s, nil
}

// leagueView gathers everything the league page shows: the shared part, its big sections
// rendered once for every viewer with the viewer's marks spliced in (renderLeagueParts),
// and the viewer's own sections.
func (h *Handler) leagueView(c echo.Context, id int64) (templates.LeagueView, error) {
	v, keys, err := h.buildLeagueView(c, id)
	if err != nil {
		return templates.LeagueView{}, err
	}
	// An anonymous visitor's page is cached whole (httpx.Public) with the keys of what it
	// shows: results in other leagues leave it in place.
	httpx.DependsOn(c, keys...)
	return v, h.renderLeagueParts(c, &v, keys)
}

// buildLeagueView is the league page's view before its big sections are rendered: the
// games' rows and the standings as every viewer has them (nobody marked), and the viewer's
// own sections.
func (h *Handler) buildLeagueView(c echo.Context, id int64) (templates.LeagueView, []store.CacheKey, error) {
	ctx := c.Request().Context()
	shared, err := h.leagueShared(ctx, id)
	if err != nil {
		return templates.LeagueView{}, nil, err
	}
	keys := shared.keys
	l, members, games, activity := shared.league, shared.members, shared.games, shared.activity
	viewer, signedIn := httpx.CurrentUser(c)
	v := templates.LeagueView{League: summarise(l)}
	for _, m := range members {
		mv := templates.MemberView{
			Slot: m.Slot, Username: m.Username, DisplayName: m.DisplayName, IsViewer: signedIn && m.UserID == viewer.ID,
		}
		if a, ok := activity[m.UserID]; ok {
			mv.Activity, mv.Inactive = activityLabel(ctx, a), !a.Active
		}
		v.Members = append(v.Members, mv)
		if signedIn && m.UserID == viewer.ID {
			v.Join.IsMember = true
		}
	}
	if v.Join, err = h.joinView(ctx, l, v.Join.IsMember, viewer, signedIn); err != nil {
		return templates.LeagueView{}, nil, err
	}
	if err := h.operationsView(c, l, &v); err != nil {
		return templates.LeagueView{}, nil, err
	}
	// The games' rows are built once for every viewer until the next write and only read
	// from then on: the viewer's seats are marked where the section is spliced.
	if v.Games, err = httpx.Part(h.Cache, httpx.PartKey("league rows", l.ID), func() ([]templates.GameRow, error) {
		return gameRows(l, games), nil
	}, keys...); err != nil {
		return templates.LeagueView{}, nil, err
	}
	for _, row := range v.Games {
		v.Dated = v.Dated || row.When != ""
	}
	if l.FaceToFace {
		v.Rounds = rounds(v.Games, v.Members)
	}
	if len(games) == 0 {
		return v, keys, nil
	}
	// A withdrawal may have cancelled games: the header counts the games there are.
	v.League.TotalGames = len(games)
	for _, w := range shared.withdrawn {
		v.Withdrawn = append(v.Withdrawn, w.Username)
	}
	lang := locales.From(c.Request().Context())
	v.Replacements = append(replacementNotes(lang, shared.replaced), withdrawalNotes(lang, shared.withdrawn)...)
	v.Fairness = shared.fairness
	// The standings section (web/pages/standings.go), as every viewer has it.
	st, err := httpx.Part(h.Cache, httpx.PartKey("league standings", l.ID), func() (templates.StandingsView, error) {
		return standingsSection(l, members, games, shared.standings, ""), nil
	}, keys...)
	if err != nil {
		return templates.LeagueView{}, nil, err
	}
	v.Standings = &st
	if err := h.ownLadderView(c, l, &v); err != nil {
		return templates.LeagueView{}, nil, err
	}
	return v, keys, nil
}

// ownLadderView adds a private league's own ladder (rating.LeagueLadder) to its page for
// its members and organisers, present and past (store.LeagueVisible); an invitee who has
// not joined yet does not see it. It is read afresh for each of them: nothing of it is
// kept in a cache shared between viewers.
func (h *Handler) ownLadderView(c echo.Context, l store.League, v *templates.LeagueView) error {
	viewer, signedIn := httpx.CurrentUser(c)
	if !l.Private || !signedIn {
		return nil
	}
	ctx := c.Request().Context()
	if ok, err := h.Store.LeagueVisible(ctx, l.ID, viewer.ID); err != nil || !ok {
		return err
	}
	rs, err := h.Store.Ratings(ctx, rating.LeagueLadder(l.Game, l.ID, true))
	if err != nil {
		return err
	}
	own := ladderView(c, l.Game, v.League.GameName, rs)
	v.OwnLadder = &own
	return nil
}

// renderLeagueParts renders the league page's big sections once for every viewer until
// the next write: the standings and the games, which mark the viewer, with the viewer's
// marks spliced in per request (templates.Marked); the fairness report and the history
// as they are.
func (h *Handler) renderLeagueParts(c echo.Context, v *templates.LeagueView, keys []store.CacheKey) error {
	ctx := c.Request().Context()
	viewer, _ := httpx.CurrentUser(c) // no username for anonymous visitors, who are marked nowhere
	key := httpx.PartKey("league page", v.League.ID)
	var err error
	if v.Parts.Standings, err = httpx.MarkedPart(ctx, h.Cache, key+"\x00standings", templates.LeagueStandings(*v), viewer.Username, keys...); err != nil {
		return err
	}
	if v.Parts.Games, err = httpx.MarkedPart(ctx, h.Cache, key+"\x00games", templates.LeagueGames(*v), viewer.Username, keys...); err != nil {
		return err
	}
	v.Parts.Tail, err = httpx.RenderedPart(ctx, h.Cache, key+"\x00tail", templates.LeagueTail(*v), keys...)
	return err
}

// leagueRole is the viewer's role in the league, cached under the league and the viewer
// until the next write.
func (h *Handler) leagueRole(ctx context.Context, leagueID, viewerID int64) (store.Role, error) {
	return httpx.Part(h.Cache, httpx.PartKey("role", leagueID)+"\x00"+strconv.FormatInt(viewerID, 10), func() (store.Role, error) {
		return h.Leagues.Role(ctx, leagueID, viewerID)
	}, store.LeagueKey(leagueID))
}

// activityLabel says where a member stands under the league's activity rule, in the words
// of the seed ("at least 5 games in the last 90 days"): "active: 7 games in 90 days" or
// "inactive: 2 of 5 games in 90 days".
func activityLabel(ctx context.Context, a store.ActivityState) string {
	lang := locales.From(ctx)
	if a.Active {
		return lang.N("leaguepage.active", a.Recent, map[string]any{"Days": lang.Int(a.Days)})
	}
	return lang.T("leaguepage.inactive", map[string]any{"Recent": lang.Int(a.Recent), "Need": lang.Int(a.Need), "Days": lang.Int(a.Days)})
}

// rounds groups a face-to-face league's game rows by round, in round order (games in
// number order within a round), each with the members who have no seat in it.
func rounds(rows []templates.GameRow, members []templates.MemberView) []templates.RoundView {
	var out []templates.RoundView
	index := map[int]int{} // round number → its place in out
	for _, row := range rows {
		i, ok := index[row.Round]
		if !ok {
			i = len(out)
			index[row.Round] = i
			out = append(out, templates.RoundView{Number: row.Round})
		}
		out[i].Games = append(out[i].Games, row)
	}
	slices.SortFunc(out, func(a, b templates.RoundView) int { return cmp.Compare(a.Number, b.Number) })
	for i, r := range out {
		seated := map[string]bool{}
		for _, g := range r.Games {
			for _, s := range g.Seats {
				seated[s.Username] = true
			}
		}
		for _, m := range members {
			if !seated[m.Username] {
				out[i].SittingOut = append(out[i].SittingOut, m)
			}
		}
	}
	return out
}

// joinView decides what the join section offers the viewer: it asks league.Join, as the
// join itself does, so the page offers exactly the joins the league would take.
func (h *Handler) joinView(ctx context.Context, l store.League, isMember bool, viewer store.User, signedIn bool) (templates.JoinView, error) {
	j := templates.JoinView{IsMember: isMember, CanLeave: isMember && league.MayChange(l.Status, league.Leave, l.Organiser) == nil}
	joining := league.Joining{Status: l.Status, Members: l.Members, Size: l.Players, Member: isMember}
	if _, err := league.Join(joining); err != nil {
		return j, nil // a member already, or a league that takes nobody now
	}
	if !signedIn {
		j.NeedsLogin = true
		return j, nil
	}
	joining.Activity = league.Activity{MinRecentGames: l.MinRecentGames, RecentDays: l.RecentDays}
	if joining.Activity.On() {
		var err error
		if joining.Recent, err = h.Leagues.RecentGames(ctx, viewer.ID, joining.Activity); err != nil {
			return j, err
		}
	}
	// Only the activity rule is left to refuse the viewer.
	if _, err := league.Join(joining); err != nil {
		j.Inactive = httpx.Sentence(err.Error())
		var inactive *league.InactiveError
		if errors.As(err, &inactive) {
			lang := locales.From(ctx)
			j.Inactive = lang.N("leaguepage.inactive_join", inactive.Have, map[string]any{"Days": lang.Int(inactive.Days), "Need": lang.Int(inactive.Need)})
		}
		return j, nil
	}
	j.CanJoin = true
	return j, nil
}

// gameRows are the rows of the league's games, marking no viewer.
func gameRows(l store.League, games []store.Game) []templates.GameRow {
	game, gameErr := scoring.GameBySlug(l.Game)
	rows := make([]templates.GameRow, 0, len(games))
	for _, g := range games {
		row := templates.GameRow{ID: g.ID, Number: g.Number, Round: g.Round, Status: g.Status, Place: g.Place}
		if g.StartsAt != nil {
			row.At = g.StartsAt.In(l.Location())
			row.When = row.At.Format(gameDateFormat)
		}
		row.Seats = seatViews(game, g.Seats, store.User{}, false)
		if gameErr == nil {
			row.Sides = sideViews(game, row.Seats)
		}
		rows = append(rows, row)
	}
	return rows
}

// seatViews are a game's seats as the pages show them, each with its power when the game
// names its seats (Diplomacy's powers, Vortex's corners: scoring.Game.Powers).
func seatViews(g scoring.Game, seats []store.Seat, viewer store.User, signedIn bool) []templates.SeatView {
	out := make([]templates.SeatView, len(seats))
	for i, s := range seats {
		out[i] = templates.SeatView{Position: s.Position, Username: s.Username, DisplayName: s.DisplayName,
			Power: power(g, s.Position, len(seats)), IsViewer: signedIn && s.UserID == viewer.ID}
	}
	return out
}

// power is the game's own name for seat position (1 first) of a game of seats players, or
// "" when it has none there (scoring.Game.SeatNames: a two-player Vortex seats Red and Blue).
func power(g scoring.Game, position, seats int) string {
	if len(g.Powers) == 0 || position < 1 || position > min(seats, len(g.Powers)) {
		return ""
	}
	return g.SeatNames(seats)[position-1]
}

// sideViews groups a team game's seats into its two sides (scoring.Game.Sides); nil for
// games that are not team games.
func sideViews(g scoring.Game, seats []templates.SeatView) []templates.SideView {
	sides := g.Sides(len(seats))
	if sides == nil {
		return nil
	}
	out := make([]templates.SideView, len(sides))
	for i, positions := range sides {
		name := fmt.Sprintf("Side %d", i+1)
		if i < len(g.SideNames) {
			name = g.SideNames[i]
		}
		out[i].Name = name
		for _, pos := range positions {
			if pos >= 1 && pos <= len(seats) {
				out[i].Seats = append(out[i].Seats, seats[pos-1])
			}
		}
	}
	return out
}

// fairness measures the stored schedule with the scheduler's report: player p is the p-th
// member in slot order, together with whoever held the slot before a replacement. A member
// who withdrew counts as nobody: the report is of the players who stay, though the games
// they played with the withdrawn member count for them.
func fairness(l store.League, members []store.Member, replaced []store.Replacement, games []store.Game) templates.FairnessView {
	slot := make(map[int64]int, len(members))
	names := make([]string, len(members))
	index := make(map[int]int, len(members)) // slot → player number in the report
	for i, m := range members {
		index[m.Slot] = i + 1
		names[i] = m.Username
	}
	for _, m := range members {
		slot[m.UserID] = index[m.Slot]
	}
	for _, r := range replaced {
		slot[r.FromID] = index[r.Slot]
	}
	s := scheduler.Schedule{Players: len(members), PerGame: l.PlayersPerGame}
	for _, g := range games {
		sg := scheduler.Game{Number: g.Number, Round: g.Round}
		for _, seat := range g.Seats {
			sg.Seats = append(sg.Seats, slot[seat.UserID])
		}
		s.Games = append(s.Games, sg)
	}
	r := scheduler.Fairness(s)
	v := templates.FairnessView{
		Players: names, Matchups: r.Matchups, MatchupMin: r.MatchupMin, MatchupMax: r.MatchupMax,
		Seats: r.Seats, PerGame: l.PlayersPerGame, GamesPerPlayer: r.PlayerGames,
	}
	if game, err := scoring.GameBySlug(l.Game); err == nil && len(game.Powers) > 0 {
		v.Powers = game.SeatNames(l.PlayersPerGame)
	}
	return v
}
