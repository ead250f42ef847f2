package store

import (
	"context"
	"fmt"
	"math/big"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/scoring"
)

// standingsSQL reads, in one query, a league's members and every recorded line of theirs.
// Members replaced by a substitute stay in the standings with the games they played, just
// after the substitute who holds their slot now; members who withdrew stay too, with the
// games they played (league_withdrawals), in their slot's place. The league row comes first through a LEFT
// JOIN, so a league without members still gives one row and an unknown league none.
const standingsSQL = `
SELECT u.username, rp.points_num, rp.points_den, rp.place
FROM leagues l
LEFT JOIN (
    SELECT league_id, user_id, slot, 0 AS replaced, joined_at AS at FROM memberships
    UNION ALL
    SELECT league_id, from_id, slot, 1, replaced_at FROM league_replacements
    UNION ALL
    SELECT league_id, user_id, slot, 2, withdrawn_at FROM league_withdrawals
) m ON m.league_id = l.id
LEFT JOIN users u ON u.id = m.user_id
-- An absent seat's line stores no league points (league.LeaguePoints); it is not a game its
-- player played either (the missing man played the power, seed 4.1), so it neither counts
-- as a game nor gives a place for countback.
LEFT JOIN result_points rp ON rp.league_id = l.id AND rp.user_id = m.user_id AND NOT rp.absent
WHERE l.id = $1
ORDER BY m.slot, m.replaced, m.at DESC, m.user_id`

// Standings returns a league's standings: every member's summed league points, recorded
// games and rank, ties broken by countback (scoring.Standings). ErrNotFound when there is
// no such league.
func (s *Store) Standings(ctx context.Context, leagueID int64) ([]scoring.Standing, error) {
	rows, err := s.pool.Query(ctx, standingsSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: standings of league %d: %w", leagueID, err)
	}
	var (
		found    bool
		members  []string
		lines    []scoring.StandingLine
		username *string
		num, den *int64
		place    *int
	)
	_, err = pgx.ForEachRow(rows, []any{&username, &num, &den, &place}, func() error {
		found = true
		if username == nil {
			return nil
		}
		if len(members) == 0 || members[len(members)-1] != *username {
			members = append(members, *username)
		}
		if num != nil {
			lines = append(lines, scoring.StandingLine{Player: *username, Points: big.NewRat(*num, *den), Place: *place})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: standings of league %d: %w", leagueID, err)
	}
	if !found {
		return nil, fmt.Errorf("store: standings of league %d: %w", leagueID, ErrNotFound)
	}
	return scoring.Standings(members, lines), nil
}
