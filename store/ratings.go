package store

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

// ProvisionalGames is how many rated games a rating needs before it is established; below
// it the rating is marked provisional.
const ProvisionalGames = 5

const seatRatingsSQL = `
SELECT user_id, rating_micros, games FROM ratings WHERE ladder = $1 AND user_id = ANY($2)`

const upsertRatingsSQL = `
INSERT INTO ratings (ladder, user_id, rating_micros, games)
SELECT $1, t.user_id, t.rating_micros, t.games
FROM unnest($2::bigint[], $3::bigint[], $4::int[]) AS t(user_id, rating_micros, games)
ON CONFLICT (ladder, user_id) DO UPDATE SET rating_micros = EXCLUDED.rating_micros, games = EXCLUDED.games`

const insertLedgerSQL = `
INSERT INTO rating_entries (game_id, position, ladder, ladder_seq, player_id, substitute_id, credited_id,
                            before_micros, ante_micros, award_micros, delta_micros, after_micros)
SELECT t.game_id, t.position, $1, t.ladder_seq, t.player_id, t.substitute_id, t.credited_id,
       t.before_micros, t.ante_micros, t.award_micros, t.delta_micros, t.after_micros
FROM unnest($2::bigint[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[],
            $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[])
    AS t(game_id, position, ladder_seq, player_id, substitute_id, credited_id,
         before_micros, ante_micros, award_micros, delta_micros, after_micros)`

// heldRating is a member's stored rating on a ladder.
type heldRating struct {
	UserID int64 `db:"user_id"`
	Rating int64 `db:"rating_micros"`
	Games  int   `db:"games"`
}

// memberRating is a rating to store: the member's rating and rated games on the ladder.
type memberRating struct {
	UserID int64
	Rating rating.Micros
	Games  int
}

// seatIDs maps the usernames of a game's seats and substitutes to their user ids.
func seatIDs(lines []ResultLine, subs map[string]int64) map[string]int64 {
	ids := make(map[string]int64, len(lines)+len(subs))
	for _, l := range lines {
		name, id := l.rated()
		ids[name] = id
	}
	for name, id := range subs {
		ids[name] = id
	}
	return ids
}

// idList is the ids of a username → id map.
func idList(ids map[string]int64) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		out = append(out, id)
	}
	return out
}

// queueRatings queues the upsert of members' ratings on a ladder.
func queueRatings(batch *pgx.Batch, ladder string, ratings []memberRating) {
	batch.Queue(upsertRatingsSQL, append([]any{ladder}, ratingColumns(ratings)...)...)
}

// ratingColumns are members' ratings as the column arrays upsertRatingsSQL and
// rewriteRatingsSQL unnest: member, rating, games.
func ratingColumns(ratings []memberRating) []any {
	ids, micros, games := make([]int64, len(ratings)), make([]int64, len(ratings)), make([]int32, len(ratings))
	for i, r := range ratings {
		ids[i], micros[i], games[i] = r.UserID, int64(r.Rating), int32(r.Games)
	}
	return []any{ids, micros, games}
}

// queueLedger queues the insert of the ledger lines of games (ids and ladder places
// alongside); seat positions count from 1.
func queueLedger(batch *pgx.Batch, ladder string, gameIDs, seqs []int64, ledger [][]rating.Entry, ids map[string]int64) {
	batch.Queue(insertLedgerSQL, append([]any{ladder}, ledgerColumns(gameIDs, seqs, ledger, ids)...)...)
}

// ledgerColumns are the ledger lines of games as the column arrays insertLedgerSQL and
// rewriteLedgerTailSQL unnest: game, position, ladder place, player, substitute, credited,
// before, ante, award, delta, after.
func ledgerColumns(gameIDs, seqs []int64, ledger [][]rating.Entry, ids map[string]int64) []any {
	n := 0
	for _, entries := range ledger {
		n += len(entries)
	}
	var (
		games, ladderSeqs, players, credited = make([]int64, 0, n), make([]int64, 0, n), make([]int64, 0, n), make([]int64, 0, n)
		positions                            = make([]int32, 0, n)
		substitutes                          = make([]*int64, 0, n)
		befores, antes, awards               = make([]int64, 0, n), make([]int64, 0, n), make([]int64, 0, n)
		deltas, afters                       = make([]int64, 0, n), make([]int64, 0, n)
	)
	for gi, entries := range ledger {
		for si, e := range entries {
			var sub *int64
			if e.Substitute != "" {
				id := ids[e.Substitute]
				sub = &id
			}
			games, positions, ladderSeqs = append(games, gameIDs[gi]), append(positions, int32(si+1)), append(ladderSeqs, seqs[gi])
			players, substitutes, credited = append(players, ids[e.Player]), append(substitutes, sub), append(credited, ids[e.Credited])
			befores, antes, awards = append(befores, int64(e.Before)), append(antes, int64(e.Ante)), append(awards, int64(e.Award))
			deltas, afters = append(deltas, int64(e.Delta)), append(afters, int64(e.After))
		}
	}
	return []any{games, positions, ladderSeqs, players, substitutes, credited, befores, antes, awards, deltas, afters}
}

// rewriteLedgerTailSQL rewrites, in place, the ledger lines of a ladder from place $2 on
// whose values the replay moved, and returns how many lines that part of the ledger holds.
// Only the amounts change, never a key, so the update checks no foreign key and, with the
// room fillfactor leaves on each page, touches no index (migration 00014); lines the
// replay left as they were are not written at all. Deleting and inserting every line
// instead costs several times more under the ladder's lock (BenchmarkCorrectFirstResult).
const rewriteLedgerTailSQL = `
WITH n AS (
    SELECT * FROM unnest($3::bigint[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[],
                         $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[])
        AS t(game_id, position, ladder_seq, player_id, substitute_id, credited_id,
             before_micros, ante_micros, award_micros, delta_micros, after_micros)
), moved AS (
    UPDATE rating_entries re
    SET ladder_seq = n.ladder_seq, player_id = n.player_id, substitute_id = n.substitute_id,
        credited_id = n.credited_id, before_micros = n.before_micros, ante_micros = n.ante_micros,
        award_micros = n.award_micros, delta_micros = n.delta_micros, after_micros = n.after_micros
    FROM n
    WHERE re.game_id = n.game_id AND re.position = n.position
      AND (re.ladder_seq, re.player_id, re.substitute_id, re.credited_id, re.before_micros, re.ante_micros,
           re.award_micros, re.delta_micros, re.after_micros)
          IS DISTINCT FROM
          (n.ladder_seq, n.player_id, n.substitute_id, n.credited_id, n.before_micros, n.ante_micros,
           n.award_micros, n.delta_micros, n.after_micros)
)
SELECT count(*) FROM rating_entries WHERE ladder = $1 AND ladder_seq >= $2`

// rewriteLedgerTail makes the ledger of a ladder from place fromSeq on the replay's tail.
// A correction keeps every game's seats, so the lines are those already there and are
// rewritten in place; should that part of the ledger not hold exactly one line per seat
// (a ledger damaged outside the app), it is deleted and written afresh.
func rewriteLedgerTail(ctx context.Context, tx pgx.Tx, ladder string, fromSeq int64, gameIDs, seqs []int64,
	tail [][]rating.Entry, ids map[string]int64) error {
	cols := ledgerColumns(gameIDs, seqs, tail, ids)
	var held int
	if err := tx.QueryRow(ctx, rewriteLedgerTailSQL, append([]any{ladder, fromSeq}, cols...)...).Scan(&held); err != nil {
		return fmt.Errorf("rewrite ledger of %s: %w", ladder, err)
	}
	if held == len(cols[0].([]int64)) {
		return nil
	}
	batch := &pgx.Batch{}
	batch.Queue(`DELETE FROM rating_entries WHERE ladder = $1 AND ladder_seq >= $2`, ladder, fromSeq)
	batch.Queue(insertLedgerSQL, append([]any{ladder}, cols...)...)
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("write ledger of %s afresh: %w", ladder, err)
	}
	return nil
}

// rewriteRatingsSQL makes a ladder's ratings the replay's: members no longer rated go,
// and only ratings that moved are written.
const rewriteRatingsSQL = `
WITH gone AS (
    DELETE FROM ratings WHERE ladder = $1 AND user_id <> ALL($2::bigint[])
)
INSERT INTO ratings (ladder, user_id, rating_micros, games)
SELECT $1, t.user_id, t.rating_micros, t.games
FROM unnest($2::bigint[], $3::bigint[], $4::int[]) AS t(user_id, rating_micros, games)
ON CONFLICT (ladder, user_id) DO UPDATE SET rating_micros = EXCLUDED.rating_micros, games = EXCLUDED.games
WHERE (ratings.rating_micros, ratings.games) IS DISTINCT FROM (EXCLUDED.rating_micros, EXCLUDED.games)`

const ladderPrefixSQL = `
SELECT re.ladder_seq, re.position, p.username AS player, re.player_id,
       COALESCE(s.username, '') AS substitute, COALESCE(re.substitute_id, 0) AS substitute_id,
       c.username AS credited, re.credited_id,
       re.before_micros, re.ante_micros, re.award_micros, re.delta_micros, re.after_micros
FROM rating_entries re
JOIN users p ON p.id = re.player_id
JOIN users c ON c.id = re.credited_id
LEFT JOIN users s ON s.id = re.substitute_id
WHERE re.ladder = $1 AND re.ladder_seq < $2
ORDER BY re.ladder_seq, re.position`

const ladderTailSQL = `
SELECT r.game_id, r.ladder_seq, r.system, COALESCE(u.id, 0), COALESCE(u.username, ''), rp.absent,
       COALESCE(rp.substitute_id, 0) AS substitute_id,
       COALESCE(sub.username, '') AS substitute, rp.scored_num, rp.scored_den, rp.winner
FROM results r
JOIN result_points rp ON rp.game_id = r.game_id
LEFT JOIN users u ON u.id = rp.user_id
LEFT JOIN users sub ON sub.id = rp.substitute_id
WHERE r.ladder = $1 AND r.ladder_seq >= $2
ORDER BY r.ladder_seq, rp.position`

// LadderTail is a ladder read for a replay from the game at place FromSeq on (LadderTail):
// the ledger of the games before it, and the stored results of that game and every later
// one, in ladder order.
type LadderTail struct {
	Ladder  string
	FromSeq int64
	// Prefix is the ledger of the games before FromSeq, one slice of entries per game
	// (rating.ReplayFrom resumes the ladder from it).
	Prefix [][]rating.Entry
	// Games are the results from FromSeq on.
	Games []TailGame
	// ids are the accounts of the members named in Prefix and Games, by username.
	ids map[string]int64
}

// TailGame is one stored result a replay rates again.
type TailGame struct {
	GameID, Seq int64
	System      scoring.System
	// Seats are its seats' stored lines, in seat order.
	Seats []TailSeat
}

// TailSeat is one seat of a stored result, as the ladder is rated from it: its player (0
// and "" when the account is gone), whether the seat was absent, its substitute, what it
// scored and whether it won.
type TailSeat struct {
	UserID       int64
	Username     string
	Absent       bool
	SubstituteID int64
	Substitute   string
	Points       *big.Rat
	Winner       bool
}

// AddMember names, for the ledger RewriteLadder writes, the account of a ladder member a
// seat is rated as (league.RatedAs, LadderMember).
func (t *LadderTail) AddMember(m SeatRef) { t.ids[m.Username] = m.UserID }

// LadderTail reads, inside tx and under the ladder's lock, the ladder for a replay from the
// game at place fromSeq on: the ledger before it and the stored results from it on.
func (s *Store) LadderTail(ctx context.Context, tx pgx.Tx, ladder string, fromSeq int64) (LadderTail, error) {
	t := LadderTail{Ladder: ladder, FromSeq: fromSeq, ids: map[string]int64{}}
	lastSeq := int64(-1)
	var (
		seq                                int64
		position                           int
		player, substitute, credited       string
		playerID, substituteID, creditedID int64
		before, ante, award, delta, after  int64
		gameID                             int64
		system                             string
		userID                             int64
		username                           string
		pointsNum, pointsDen               int64
		winner, absent                     bool
	)
	rows, err := tx.Query(ctx, ladderPrefixSQL, ladder, fromSeq)
	if err != nil {
		return LadderTail{}, fmt.Errorf("store: read ledger of %s: %w", ladder, err)
	}
	_, err = pgx.ForEachRow(rows, []any{&seq, &position, &player, &playerID, &substitute, &substituteID,
		&credited, &creditedID, &before, &ante, &award, &delta, &after}, func() error {
		if seq != lastSeq {
			t.Prefix = append(t.Prefix, nil)
			lastSeq = seq
		}
		t.ids[player], t.ids[credited] = playerID, creditedID
		if substitute != "" {
			t.ids[substitute] = substituteID
		}
		t.Prefix[len(t.Prefix)-1] = append(t.Prefix[len(t.Prefix)-1], rating.Entry{
			Player: player, Substitute: substitute, Credited: credited,
			Before: rating.Micros(before), Ante: rating.Micros(ante), Award: rating.Micros(award),
			Delta: rating.Micros(delta), After: rating.Micros(after),
		})
		return nil
	})
	if err != nil {
		return LadderTail{}, fmt.Errorf("store: read ledger of %s: %w", ladder, err)
	}
	rows, err = tx.Query(ctx, ladderTailSQL, ladder, fromSeq)
	if err != nil {
		return LadderTail{}, fmt.Errorf("store: read results of %s: %w", ladder, err)
	}
	_, err = pgx.ForEachRow(rows, []any{&gameID, &seq, &system, &userID, &username, &absent, &substituteID, &substitute,
		&pointsNum, &pointsDen, &winner}, func() error {
		if len(t.Games) == 0 || t.Games[len(t.Games)-1].GameID != gameID {
			t.Games = append(t.Games, TailGame{GameID: gameID, Seq: seq, System: scoring.System(system)})
		}
		if userID != 0 {
			t.ids[username] = userID
		}
		if substitute != "" {
			t.ids[substitute] = substituteID
		}
		g := &t.Games[len(t.Games)-1]
		g.Seats = append(g.Seats, TailSeat{UserID: userID, Username: username, Absent: absent, SubstituteID: substituteID,
			Substitute: substitute, Points: big.NewRat(pointsNum, pointsDen), Winner: winner})
		return nil
	})
	if err != nil {
		return LadderTail{}, fmt.Errorf("store: read results of %s: %w", ladder, err)
	}
	return t, nil
}

// RewriteLadder saves, inside tx and under the ladder's lock, a replay of t (read by
// LadderTail) as the caller computed it (rating.ReplayFrom): the ledger lines of its games
// (tail, one slice per game of t.Games) and the ladder's ratings, standings.
func (s *Store) RewriteLadder(ctx context.Context, tx pgx.Tx, t LadderTail, tail [][]rating.Entry, standings []rating.Standing) error {
	gameIDs, seqs := make([]int64, len(t.Games)), make([]int64, len(t.Games))
	for i, g := range t.Games {
		gameIDs[i], seqs[i] = g.GameID, g.Seq
	}
	ratings := make([]memberRating, len(standings))
	for i, st := range standings {
		id, ok := t.ids[st.Player]
		if !ok {
			return fmt.Errorf("store: rewrite ratings of %s: %q is none of its members", t.Ladder, st.Player)
		}
		ratings[i] = memberRating{UserID: id, Rating: st.Rating, Games: st.Games}
	}
	if err := rewriteLedgerTail(ctx, tx, t.Ladder, t.FromSeq, gameIDs, seqs, tail, t.ids); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if _, err := tx.Exec(ctx, rewriteRatingsSQL, append([]any{t.Ladder}, ratingColumns(ratings)...)...); err != nil {
		return fmt.Errorf("store: rewrite ratings of %s: %w", t.Ladder, err)
	}
	return nil
}

// Rating is one member's line on a ladder.
type Rating struct {
	Username    string        `db:"username"`
	DisplayName string        `db:"display_name"`
	Rating      rating.Micros `db:"rating_micros"`
	Games       int           `db:"games"`
}

// Provisional reports a rating from fewer than ProvisionalGames rated games.
func (r Rating) Provisional() bool { return r.Games < ProvisionalGames }

const ladderRatingsSQL = `
SELECT u.username, u.display_name, r.rating_micros, r.games
FROM ratings r JOIN users u ON u.id = r.user_id
WHERE r.ladder = $1
ORDER BY r.rating_micros DESC, u.username`

// Ratings returns a ladder's ratings (ladder = game slug), highest first, then by username
// (the order rating.Ladder.Standings gives); empty for a game without rated results.
func (s *Store) Ratings(ctx context.Context, ladder string) ([]Rating, error) {
	rs, err := collect[Rating](ctx, s.pool, ladderRatingsSQL, ladder)
	if err != nil {
		return nil, fmt.Errorf("store: ratings of %s: %w", ladder, err)
	}
	// Postgres may collate usernames differently from Go's byte order; the ladder's own
	// order is byte order among equal ratings.
	slices.SortStableFunc(rs, func(a, b Rating) int {
		if a.Rating != b.Rating {
			if a.Rating > b.Rating {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Username, b.Username)
	})
	return rs, nil
}

// LadderSummary is one game's ladder as the ratings index lists it.
type LadderSummary struct {
	Game string `db:"game"`
	// Results is how many recorded games the ladder holds; Players how many players it rates.
	Results int64 `db:"results"`
	Players int   `db:"players"`
}

const laddersSQL = `
SELECT l.game, l.results, (SELECT count(*) FROM ratings r WHERE r.ladder = l.game)::int AS players
FROM ladders l
WHERE l.league_id IS NULL AND l.results > 0
ORDER BY l.game`

// Ladders lists every public ladder with rated results: game slug, results and members.
// A private league's ladder is never listed (rating.LeagueLadder), nor a public ladder
// whose games all moved to a league made private.
func (s *Store) Ladders(ctx context.Context) ([]LadderSummary, error) {
	ls, err := collect[LadderSummary](ctx, s.pool, laddersSQL)
	if err != nil {
		return nil, fmt.Errorf("store: ladders: %w", err)
	}
	return ls, nil
}

// RatingStep is one rated game in a player's history: the game, and the ledger line of the
// seat the player held or whose delta the player took.
type RatingStep struct {
	Ladder     string    `db:"ladder"`
	LadderSeq  int64     `db:"ladder_seq"`
	GameID     int64     `db:"game_id"`
	GameNumber int       `db:"number"`
	LeagueID   int64     `db:"league_id"`
	LeagueName string    `db:"league_name"`
	FinishedAt time.Time `db:"finished_at"`
	// TimeZone is the league's, in which pages show the game's date; UTC for a normal game.
	TimeZone string `db:"time_zone"`
	// System is the game's scoring system; Seats and Pot its number of seats and the pot
	// its table played for (the sum of its antes), so that a page can say when the table
	// held less than its full pot above the floor (CONTRACT section 3).
	System string        `db:"system"`
	Seats  int           `db:"seats"`
	Pot    rating.Micros `db:"pot_micros"`
	LedgerLine
}

const ratingHistorySQL = `
SELECT re.ladder, re.ladder_seq, re.game_id, g.number, COALESCE(g.league_id, 0) AS league_id,
       COALESCE(l.name, '') AS league_name, g.finished_at, COALESCE(l.time_zone, 'UTC') AS time_zone, r.system, t.seats, t.pot_micros,
       re.position, p.username AS player, COALESCE(s.username, '') AS substitute, c.username AS credited,
       re.before_micros, re.ante_micros, re.award_micros, re.delta_micros, re.after_micros
FROM (
    -- The player's own entries, from the two ledger indexes: the plan starts from them
    -- whatever the size of the ledger.
    SELECT * FROM rating_entries WHERE player_id = $1
    UNION
    SELECT * FROM rating_entries WHERE credited_id = $1) re
JOIN games g ON g.id = re.game_id
JOIN results r ON r.game_id = re.game_id
CROSS JOIN LATERAL (
    SELECT count(*)::int AS seats, sum(x.ante_micros)::bigint AS pot_micros
    FROM rating_entries x WHERE x.game_id = re.game_id) t
LEFT JOIN leagues l ON l.id = g.league_id
JOIN users p ON p.id = re.player_id
JOIN users c ON c.id = re.credited_id
LEFT JOIN users s ON s.id = re.substitute_id
JOIN ladders ld ON ld.game = re.ladder AND ld.league_id IS NULL
ORDER BY re.ladder, re.ladder_seq`

// RatingHistory returns a player's rated games on every public ladder, in ladder order:
// the "why" of each rating move (before, ante, award, delta, after). Games on a private
// league's own ladder are not in it: the league's page shows that ladder to its members.
func (s *Store) RatingHistory(ctx context.Context, userID int64) ([]RatingStep, error) {
	steps, err := collect[RatingStep](ctx, s.pool, ratingHistorySQL, userID)
	if err != nil {
		return nil, fmt.Errorf("store: rating history of user %d: %w", userID, err)
	}
	return steps, nil
}

const playerRatingsSQL = `
SELECT r.ladder AS game, r.rating_micros, r.games
FROM ratings r JOIN ladders l ON l.game = r.ladder AND l.league_id IS NULL
WHERE r.user_id = $1 ORDER BY r.ladder`

// PlayerRating is a player's current rating on one ladder.
type PlayerRating struct {
	Game   string        `db:"game"`
	Rating rating.Micros `db:"rating_micros"`
	Games  int           `db:"games"`
}

// Provisional reports a rating from fewer than ProvisionalGames rated games.
func (r PlayerRating) Provisional() bool { return r.Games < ProvisionalGames }

// PlayerRatings returns the player's current rating on every public ladder they belong
// to; a private league's own ladder is shown on the league's page only.
func (s *Store) PlayerRatings(ctx context.Context, userID int64) ([]PlayerRating, error) {
	rs, err := collect[PlayerRating](ctx, s.pool, playerRatingsSQL, userID)
	if err != nil {
		return nil, fmt.Errorf("store: ratings of user %d: %w", userID, err)
	}
	return rs, nil
}
