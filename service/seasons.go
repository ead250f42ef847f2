package service

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// Seasons is the seasons area's service (CONTRACT section 10): a season's creation, its
// sign-ups, its start into divisions, its movements and its next season. Each step runs
// under the season's row lock, so two organisers pressing start at once make one set of
// divisions.
type Seasons struct {
	store   *store.Store
	leagues *Leagues
}

// NewSeasons returns the seasons service on st.
func NewSeasons(st *store.Store) *Seasons {
	return &Seasons{store: st, leagues: NewLeagues(st)}
}

// Create stores a new open season organised by ns.OrganiserID. Validate ns first (web does,
// naming each field: league.CheckSeason and the game registry).
func (s *Seasons) Create(ctx context.Context, ns store.NewSeason) (store.Season, error) {
	var se store.Season
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		var err error
		se, err = s.store.InsertSeason(ctx, tx, ns)
		return err
	})
	if err != nil {
		return store.Season{}, fmt.Errorf("service: create season: %w", err)
	}
	return se, nil
}

// SignUp signs the user up for an open season (league.MayChangeSignUp); a second sign-up is
// league.ErrSignedUp.
func (s *Seasons) SignUp(ctx context.Context, seasonID, userID int64) error {
	return s.changeSignUp(ctx, seasonID, "sign up for", func(tx pgx.Tx) error {
		return s.store.InsertSignUp(ctx, tx, seasonID, userID)
	})
}

// Withdraw takes the user's sign-up back before the season starts (league.MayChangeSignUp);
// league.ErrNotSignedUp when they were not signed up.
func (s *Seasons) Withdraw(ctx context.Context, seasonID, userID int64) error {
	return s.changeSignUp(ctx, seasonID, "withdraw from", func(tx pgx.Tx) error {
		return s.store.DeleteSignUp(ctx, tx, seasonID, userID)
	})
}

// changeSignUp runs write, a change of the season's sign-ups, under the season's row lock
// once league.MayChangeSignUp allows it, in one transaction.
func (s *Seasons) changeSignUp(ctx context.Context, seasonID int64, what string, write func(pgx.Tx) error) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		se, err := s.store.LockSeason(ctx, tx, seasonID)
		if err != nil {
			return err
		}
		if err := league.MayChangeSignUp(se.Status); err != nil {
			return err
		}
		return write(tx)
	})
	if err != nil {
		return fmt.Errorf("service: %s season %d: %w", what, seasonID, err)
	}
	return nil
}

// Plan returns the divisions starting the season now would make (league.Split), division 1
// first, for the organiser to confirm; a split the leagues cannot hold is a *league.Invalid.
func (s *Seasons) Plan(ctx context.Context, seasonID int64) ([][]string, error) {
	se, err := s.store.Season(ctx, seasonID)
	if err != nil {
		return nil, fmt.Errorf("service: plan season %d: %w", seasonID, err)
	}
	ups, err := s.store.SignUps(ctx, seasonID)
	if err != nil {
		return nil, fmt.Errorf("service: plan season %d: %w", seasonID, err)
	}
	divs, err := s.split(ctx, se, ups)
	if err != nil {
		return nil, fmt.Errorf("service: plan season %d: %w", seasonID, err)
	}
	return divs, nil
}

// Start is the organiser starting an open season (league.MayStart), in one transaction
// under the season's row lock: the signed-up players are split into divisions
// (league.Split), each a league named league.DivisionName, organised by the season's
// organiser, its members in the split's order, running at once with its schedule drawn.
// The activity rule does not apply to the players a season places: the division leagues
// have it off. Each player hears of their division and their first games (a
// season_started notice) in the same transaction.
func (s *Seasons) Start(ctx context.Context, seasonID, byUserID int64) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		se, err := s.store.LockSeason(ctx, tx, seasonID)
		if err != nil {
			return err
		}
		if err := league.MayStart(se.Status, se.OrganiserID == byUserID); err != nil {
			return err
		}
		ups, err := s.store.SignUpsTx(ctx, tx, seasonID)
		if err != nil {
			return err
		}
		divs, err := s.split(ctx, se, ups)
		if err != nil {
			return err
		}
		ids := make(map[string]int64, len(ups))
		for _, u := range ups {
			ids[u.Username] = u.UserID
		}
		for d, players := range divs {
			if err := s.startDivision(ctx, tx, se, d+1, players, ids); err != nil {
				return err
			}
		}
		return s.store.UpdateSeasonStarted(ctx, tx, seasonID)
	})
	if err != nil {
		return fmt.Errorf("service: start season %d: %w", seasonID, err)
	}
	return nil
}

// startDivision stores division number of the season: a league of as many players as the
// division has, its members in the split's order, its schedule drawn in the same
// transaction (Leagues.create), the activity rule off.
func (s *Seasons) startDivision(ctx context.Context, tx pgx.Tx, se store.Season, number int, players []string, ids map[string]int64) error {
	members := make([]int64, len(players))
	for i, p := range players {
		members[i] = ids[p]
	}
	l, err := s.leagues.create(ctx, tx, store.NewLeague{
		Name: league.DivisionName(se.Name, number), Game: se.Game, Version: se.Version,
		PlayersPerGame: se.PlayersPerGame, Players: len(players), RecentDays: league.DefaultRecentDays,
		FaceToFace: se.FaceToFace, OrganiserID: se.OrganiserID, ResultsBy: se.ResultsBy, ConfirmHours: se.ConfirmHours,
		Members: members,
	})
	if err != nil {
		return err
	}
	if err := s.store.InsertDivision(ctx, tx, se.ID, number, l.ID); err != nil {
		return err
	}
	first, err := s.store.FirstGames(ctx, tx, l.ID, firstGamesTold)
	if err != nil {
		return err
	}
	for _, id := range members {
		n := store.Notice{Kind: store.NoticeSeasonStarted, LeagueID: l.ID, LeagueName: l.Name, Game: se.Game,
			SeasonID: se.ID, SeasonName: se.Name, Division: number, FirstGames: first[id]}
		if err := s.store.InsertPlayerNotice(ctx, tx, fmt.Sprintf("season_started:season:%d", se.ID), n, id); err != nil {
			return err
		}
	}
	return nil
}

// firstGamesTold is how many of a player's first games the season's start tells them.
const firstGamesTold = 3

// split asks league.Split for the divisions of the season's sign-ups: each player's ladder
// line and, for a player of the previous season, their movement in it.
func (s *Seasons) split(ctx context.Context, se store.Season, ups []store.SignUp) ([][]string, error) {
	names := make([]string, len(ups))
	for i, u := range ups {
		names[i] = u.Username
	}
	ladder, err := s.store.LadderOf(ctx, se.Game, names)
	if err != nil {
		return nil, err
	}
	last := map[string]league.Movement{}
	if se.PreviousID != nil {
		ms, err := s.Movements(ctx, *se.PreviousID)
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			last[m.Player] = m
		}
	}
	entrants := make([]league.Entrant, len(ups))
	for i, u := range ups {
		entrants[i] = league.Entrant{Player: u.Username, Ladder: ladder[u.Username]}
		if m, ok := last[u.Username]; ok {
			entrants[i].Last = &m
		}
	}
	return league.Split(entrants, se.DivisionSize, se.PlayersPerGame)
}

// DivisionLine is one player's line of a season's division: their standing in its league
// and where the standings as they are would send them (their movement; final once the
// season has finished).
type DivisionLine struct {
	league.Movement
	Standing scoring.Standing
}

// Table returns every division's lines, division 1 first, each in the order of its
// movements: the promotion and relegation places as the standings stand (league.Movements).
// An open season has none.
func (s *Seasons) Table(ctx context.Context, se store.Season) ([][]DivisionLine, error) {
	var lines [][]DivisionLine
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		var err error
		lines, err = s.lines(ctx, tx, se)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("service: table of season %d: %w", se.ID, err)
	}
	return lines, nil
}

// Movements returns where a finished season (league.Over) sends every player of its
// divisions (league.Movements): by their division league's standings, a tie at the line
// going to the higher rating on the game's ladder, then the earlier sign-up.
func (s *Seasons) Movements(ctx context.Context, seasonID int64) ([]league.Movement, error) {
	se, err := s.store.Season(ctx, seasonID)
	if err != nil {
		return nil, fmt.Errorf("service: movements of season %d: %w", seasonID, err)
	}
	if err := league.Over(se.Status); err != nil {
		return nil, fmt.Errorf("service: movements of season %d: %w", seasonID, err)
	}
	var ms []league.Movement
	err = pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		var err error
		ms, err = s.finish(ctx, tx, se)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("service: movements of season %d: %w", seasonID, err)
	}
	return ms, nil
}

// finish is the season's movements, division 1 first.
func (s *Seasons) finish(ctx context.Context, tx pgx.Tx, se store.Season) ([]league.Movement, error) {
	lines, err := s.lines(ctx, tx, se)
	if err != nil {
		return nil, err
	}
	var ms []league.Movement
	for _, div := range lines {
		for _, l := range div {
			ms = append(ms, l.Movement)
		}
	}
	return ms, nil
}

// lines reads the season's divisions' standings inside tx and asks league.Movements where
// they send each player.
func (s *Seasons) lines(ctx context.Context, tx pgx.Tx, se store.Season) ([][]DivisionLine, error) {
	divs, err := s.store.DivisionsTx(ctx, tx, se.ID)
	if err != nil {
		return nil, err
	}
	ups, err := s.store.SignUpsTx(ctx, tx, se.ID)
	if err != nil {
		return nil, err
	}
	seq := make(map[string]int, len(ups))
	for i, u := range ups {
		seq[u.Username] = i
	}
	finishers := make([][]league.Finisher, len(divs))
	standing := map[string]scoring.Standing{}
	var names []string
	for d, div := range divs {
		st, err := standingsTx(ctx, s.store, tx, div.LeagueID)
		if err != nil {
			return nil, err
		}
		for _, line := range st {
			standing[line.Player] = line
			// A substitute who took a place during the season signed up last of all.
			signedUp, ok := seq[line.Player]
			if !ok {
				signedUp = math.MaxInt
			}
			finishers[d] = append(finishers[d], league.Finisher{Player: line.Player, Rank: line.Rank, SignedUp: signedUp})
			names = append(names, line.Player)
		}
	}
	ladder, err := s.store.LadderOfTx(ctx, tx, se.Game, names)
	if err != nil {
		return nil, err
	}
	for _, fs := range finishers {
		for i := range fs {
			fs[i].Ladder = ladder[fs[i].Player]
		}
	}
	out := make([][]DivisionLine, len(divs))
	for _, m := range league.Movements(finishers, se.Promote) {
		out[m.From-1] = append(out[m.From-1], DivisionLine{Movement: m, Standing: standing[m.Player]})
	}
	return out, nil
}

// Next is the organiser opening the season that follows a finished one (league.MayOpenNext),
// in one transaction under its row lock: a new open season with the same settings, named
// name, every player of this one signed up (in the order of its movements, division 1
// first) and newcomers welcome. Each of them hears that its sign-up is open (a
// season_open notice) in the same transaction; the organiser, who opened it, does not. A season has one next season (store.ErrNextSeason).
func (s *Seasons) Next(ctx context.Context, seasonID, byUserID int64, name string) (store.Season, error) {
	var next store.Season
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		se, err := s.store.LockSeason(ctx, tx, seasonID)
		if err != nil {
			return err
		}
		if err := league.MayOpenNext(se.Status, se.OrganiserID == byUserID); err != nil {
			return err
		}
		if se.NextID != nil {
			return store.ErrNextSeason
		}
		ms, err := s.finish(ctx, tx, se)
		if err != nil {
			return err
		}
		next, err = s.store.InsertSeason(ctx, tx, store.NewSeason{
			Name: name, Game: se.Game, Version: se.Version, PlayersPerGame: se.PlayersPerGame,
			DivisionSize: se.DivisionSize, Promote: se.Promote, FaceToFace: se.FaceToFace,
			ResultsBy: se.ResultsBy, ConfirmHours: se.ConfirmHours, OrganiserID: se.OrganiserID,
			PreviousID: &se.ID,
		})
		if err != nil {
			return err
		}
		names := make([]string, len(ms))
		for i, m := range ms {
			names[i] = m.Player
		}
		userIDs, err := s.store.UserIDs(ctx, tx, names)
		if err != nil {
			return err
		}
		if err := s.store.InsertSignUps(ctx, tx, next.ID, userIDs); err != nil {
			return err
		}
		for _, id := range userIDs {
			if id == byUserID {
				continue
			}
			n := store.Notice{Kind: store.NoticeSeasonOpen, Game: next.Game, SeasonID: next.ID, SeasonName: next.Name}
			if err := s.store.InsertPlayerNotice(ctx, tx, fmt.Sprintf("season_open:season:%d", next.ID), n, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return store.Season{}, fmt.Errorf("service: next season of %d: %w", seasonID, err)
	}
	return s.store.Season(ctx, next.ID)
}

// noticeSeasonEnd is called in the transaction of every write that may finish a league (a
// result, a withdrawal, closing or archiving it): when the league is a season's division and
// that write finishes the season, each of its players hears where its movements send them
// (a season_finished notice: up, down or stays), once. The season's row lock orders two
// divisions finishing at once, so the later one sees the season finished.
func noticeSeasonEnd(ctx context.Context, st *store.Store, tx pgx.Tx, leagueID int64) error {
	// Only a write that ends its league can end a season: the others take no season lock.
	seasonID, err := st.EndedDivisionSeason(ctx, tx, leagueID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := st.LockSeason(ctx, tx, seasonID); err != nil {
		return err
	}
	se, err := st.SeasonTx(ctx, tx, seasonID)
	if err != nil {
		return err
	}
	if se.Status != league.SeasonFinished {
		return nil
	}
	s := &Seasons{store: st}
	ms, err := s.finish(ctx, tx, se)
	if err != nil {
		return err
	}
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Player
	}
	ids, err := st.UserIDs(ctx, tx, names)
	if err != nil {
		return err
	}
	if len(ids) != len(ms) {
		return fmt.Errorf("season %d: %d of its %d players found", se.ID, len(ids), len(ms))
	}
	for i, m := range ms {
		n := store.Notice{Kind: store.NoticeSeasonFinished, Game: se.Game, SeasonID: se.ID, SeasonName: se.Name,
			Division: m.From, ToDivision: m.To}
		if err := st.InsertPlayerNotice(ctx, tx, fmt.Sprintf("season_finished:season:%d", se.ID), n, ids[i]); err != nil {
			return err
		}
	}
	return nil
}
