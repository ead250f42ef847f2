package store

import (
	"context"
	"fmt"
	"math/big"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
)

// standingsSQL reads, in one query, a league's members and every recorded line of theirs.
// Members replaced by a substitute stay in the standings with the games they played, just
// after the substitute who holds their slot now; members who withdrew stay too, with the
// games they played (league_withdrawals), in their slot's place. The league row comes first through a LEFT
// JOIN, so a league without members still gives one row and an unknown league none.
const standingsSQL = `
SELECT u.username, rp.points_num, rp.points_den, rp.place, rp.absent
FROM leagues l
LEFT JOIN (
    SELECT league_id, user_id, slot, 0 AS replaced, joined_at AS at FROM memberships
    UNION ALL
    SELECT league_id, from_id, slot, 1, replaced_at FROM league_replacements
    UNION ALL
    SELECT league_id, user_id, slot, 2, withdrawn_at FROM league_withdrawals
) m ON m.league_id = l.id
LEFT JOIN users u ON u.id = m.user_id
LEFT JOIN result_points rp ON rp.league_id = l.id AND rp.user_id = m.user_id
WHERE l.id = $1
ORDER BY m.slot, m.replaced, m.at DESC, m.user_id`

// StandingRows is what a league's standings are made of, as read: its members in slot
// order (a replaced member just after the substitute who holds their slot now, a member
// who withdrew in their slot's place) and every recorded line of theirs. The service
// ranks them (service.Leagues.Standings, league.Standings).
type StandingRows struct {
	Members []string
	Lines   []league.RecordedLine
}

// StandingRows reads a league's members and recorded lines. ErrNotFound when there is no
// such league.
func (s *Store) StandingRows(ctx context.Context, leagueID int64) (StandingRows, error) {
	return standingRows(ctx, s.pool, leagueID)
}

// StandingRowsTx is StandingRows read inside tx, where a result that finishes the league
// was just written.
func (s *Store) StandingRowsTx(ctx context.Context, tx pgx.Tx, leagueID int64) (StandingRows, error) {
	return standingRows(ctx, tx, leagueID)
}

func standingRows(ctx context.Context, q querier, leagueID int64) (StandingRows, error) {
	rows, err := q.Query(ctx, standingsSQL, leagueID)
	if err != nil {
		return StandingRows{}, fmt.Errorf("store: standings of league %d: %w", leagueID, err)
	}
	var (
		found    bool
		out      StandingRows
		username *string
		num, den *int64
		place    *int
		absent   *bool
	)
	_, err = pgx.ForEachRow(rows, []any{&username, &num, &den, &place, &absent}, func() error {
		found = true
		if username == nil {
			return nil
		}
		if len(out.Members) == 0 || out.Members[len(out.Members)-1] != *username {
			out.Members = append(out.Members, *username)
		}
		if num != nil {
			out.Lines = append(out.Lines, league.RecordedLine{Absent: *absent,
				StandingLine: scoring.StandingLine{Player: *username, Points: big.NewRat(*num, *den), Place: *place}})
		}
		return nil
	})
	if err != nil {
		return StandingRows{}, fmt.Errorf("store: standings of league %d: %w", leagueID, err)
	}
	if !found {
		return StandingRows{}, fmt.Errorf("store: standings of league %d: %w", leagueID, ErrNotFound)
	}
	return out, nil
}
