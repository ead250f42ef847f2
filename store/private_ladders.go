package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/rating"
)

// A private league's games are rated on the league's own ladder (rating.LeagueLadder);
// when a league changes privacy its recorded games move between the game's public ladder
// and the league's, both ladders replayed, in the transaction that changes it.

// misplacedLeaguesSQL finds the leagues with a recorded result on a ladder their privacy
// does not give it: a private league's result on a public ladder (a database from before
// private ladders), or a public league's on a league's own ladder. A privacy change moves
// the games in its own transaction, so none is left misplaced by the app.
const misplacedLeaguesSQL = `
SELECT l.id FROM leagues l
WHERE EXISTS (SELECT 1 FROM results r JOIN ladders ld ON ld.game = r.ladder
              WHERE r.league_id = l.id AND (ld.league_id IS NULL) = l.private)
ORDER BY l.id`

const lockLeaguePrivacySQL = `SELECT game, private FROM leagues WHERE id = $1 FOR UPDATE`

// MisplacedLeagues returns the leagues with a recorded result on a ladder their privacy
// does not give it (service.Ladders moves each one's games: MoveLeagueLadder).
func (s *Store) MisplacedLeagues(ctx context.Context) ([]int64, error) {
	rows, err := s.pool.Query(ctx, misplacedLeaguesSQL)
	if err != nil {
		return nil, fmt.Errorf("store: leagues on the wrong ladder: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: leagues on the wrong ladder: %w", err)
	}
	return ids, nil
}

// LadderMove is what moving a league's games between ladders did (MoveLeagueLadder): how
// many games moved, and the places from which each ladder's ratings are to be replayed.
type LadderMove struct {
	Moved int
	// From and To are the ladders the games left and joined; FromSeq and ToSeq the first
	// place on each whose game changed.
	From, To       string
	FromSeq, ToSeq int64
}

// MoveLeagueLadder moves the league's recorded games, inside tx, to the ladder its privacy
// now gives them (rating.LeagueLadder): made private, from the game's public ladder to the
// league's own; made public, from the league's own into the public ladder, in the order
// they were recorded among its games. Both ladders' rows stay locked; the caller replays
// each from the first game that moved (LadderMove), so each is exactly the replay of the
// games on it. The caller holds the league's row lock and has written its new privacy.
func (s *Store) MoveLeagueLadder(ctx context.Context, tx pgx.Tx, leagueID int64) (LadderMove, error) {
	var game string
	var private bool
	if err := tx.QueryRow(ctx, lockLeaguePrivacySQL, leagueID).Scan(&game, &private); err != nil {
		return LadderMove{}, fmt.Errorf("store: league %d: %w", leagueID, err)
	}
	m, err := moveLeagueLadder(ctx, tx, leagueID, game, private)
	if err != nil {
		return LadderMove{}, fmt.Errorf("store: move the games of league %d to its ladder: %w", leagueID, err)
	}
	return m, nil
}

const ensurePublicLadderSQL = `INSERT INTO ladders (game) VALUES ($1) ON CONFLICT (game) DO NOTHING`

const ensurePrivateLadderSQL = `INSERT INTO ladders (game, league_id) VALUES ($1, $2) ON CONFLICT (game) DO NOTHING`

// lockLaddersSQL locks ladders in name order: a game's public ladder before any private
// one of the same game, so two leagues moving at once never wait on each other in a ring.
const leagueResultsOnSQL = `SELECT EXISTS (SELECT 1 FROM results WHERE league_id = $1 AND ladder = $2)`

const lockLaddersSQL = `SELECT game FROM ladders WHERE game = ANY($1) ORDER BY game FOR UPDATE`

const ladderGamesSQL = `
SELECT game_id, COALESCE(league_id, 0) AS league_id, ladder_seq, recorded_at
FROM results WHERE ladder = $1 ORDER BY ladder_seq`

// liftPlacesSQL and setLadderPlacesSQL first move the games out of the way (their places beyond any in use),
// then gives each its ladder and place: (ladder, place) stays unique at every row.
const liftPlacesSQL = `UPDATE results SET ladder_seq = ladder_seq + 1099511627776 WHERE game_id = ANY($1)`

const setLadderPlacesSQL = `
UPDATE results r SET ladder = t.ladder, ladder_seq = t.seq
FROM unnest($1::bigint[], $2::text[], $3::bigint[]) AS t(game_id, ladder, seq)
WHERE r.game_id = t.game_id`

const setLedgerPlacesSQL = `
UPDATE rating_entries e SET ladder = t.ladder, ladder_seq = t.seq
FROM unnest($1::bigint[], $2::text[], $3::bigint[]) AS t(game_id, ladder, seq)
WHERE e.game_id = t.game_id`

const countLadderResultsSQL = `
UPDATE ladders l SET results = (SELECT COALESCE(max(r.ladder_seq), 0) FROM results r WHERE r.ladder = l.game)
WHERE l.game = ANY($1)`

// ladderGame is a recorded game's place on its ladder.
type ladderGame struct {
	GameID     int64     `db:"game_id"`
	LeagueID   int64     `db:"league_id"`
	LadderSeq  int64     `db:"ladder_seq"`
	RecordedAt time.Time `db:"recorded_at"`
}

func moveLeagueLadder(ctx context.Context, tx pgx.Tx, leagueID int64, game string, private bool) (LadderMove, error) {
	public, own := game, rating.LeagueLadder(game, leagueID, true)
	from, to := public, own
	if !private {
		from, to = own, public
	}
	// Nothing moves unless the league has a result on the other ladder: a league without
	// results makes no ladder.
	var held bool
	if err := tx.QueryRow(ctx, leagueResultsOnSQL, leagueID, from).Scan(&held); err != nil {
		return LadderMove{}, fmt.Errorf("results of league on %s: %w", from, err)
	}
	if !held {
		return LadderMove{}, nil
	}
	if private {
		if _, err := tx.Exec(ctx, ensurePrivateLadderSQL, own, leagueID); err != nil {
			return LadderMove{}, fmt.Errorf("ladder %s: %w", own, err)
		}
	} else if _, err := tx.Exec(ctx, ensurePublicLadderSQL, public); err != nil {
		return LadderMove{}, fmt.Errorf("ladder %s: %w", public, err)
	}
	if _, err := tx.Exec(ctx, lockLaddersSQL, []string{public, own}); err != nil {
		return LadderMove{}, fmt.Errorf("lock ladders: %w", err)
	}
	source, err := collect[ladderGame](ctx, tx, ladderGamesSQL, from)
	if err != nil {
		return LadderMove{}, fmt.Errorf("games of %s: %w", from, err)
	}
	var moving, staying []ladderGame
	for _, g := range source {
		if g.LeagueID == leagueID {
			moving = append(moving, g)
		} else {
			staying = append(staying, g)
		}
	}
	if len(moving) == 0 {
		return LadderMove{}, nil
	}
	target, err := collect[ladderGame](ctx, tx, ladderGamesSQL, to)
	if err != nil {
		return LadderMove{}, fmt.Errorf("games of %s: %w", to, err)
	}

	// The source keeps its games before the first that leaves; those after close up.
	var ids, seqs []int64
	var ladders []string
	fromSeq := moving[0].LadderSeq
	next := fromSeq
	for _, g := range staying {
		if g.LadderSeq >= fromSeq {
			ids, ladders, seqs = append(ids, g.GameID), append(ladders, from), append(seqs, next)
			next++
		}
	}
	// The games that move join the target in the order they were recorded, each ladder's
	// own order kept; from the first that joins, the target's games take new places.
	joining := make(map[int64]bool, len(moving))
	for _, g := range moving {
		joining[g.GameID] = true
	}
	toSeq, next := int64(0), int64(1)
	for _, g := range mergeByRecording(target, moving) {
		if toSeq == 0 && joining[g.GameID] {
			toSeq = next
		}
		if toSeq != 0 {
			ids, ladders, seqs = append(ids, g.GameID), append(ladders, to), append(seqs, next)
			next++
		} else {
			next = g.LadderSeq + 1
		}
	}
	batch := &pgx.Batch{}
	batch.Queue(liftPlacesSQL, ids)
	batch.Queue(setLadderPlacesSQL, ids, ladders, seqs)
	batch.Queue(setLedgerPlacesSQL, ids, ladders, seqs)
	batch.Queue(countLadderResultsSQL, []string{public, own})
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return LadderMove{}, fmt.Errorf("move games to %s: %w", to, err)
	}
	return LadderMove{Moved: len(moving), From: from, To: to, FromSeq: fromSeq, ToSeq: toSeq}, nil
}

// mergeByRecording merges two ladders' games, each in ladder order, into one by when each
// was recorded; on the same instant the target's game (a) goes first.
func mergeByRecording(a, b []ladderGame) []ladderGame {
	out := make([]ladderGame, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0].RecordedAt.Before(a[0].RecordedAt) {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}
