// Package demo fills an empty TableStakes database with sample accounts (and, as they
// land, leagues and results) so that `make run` shows a living site. The accounts and
// their password are listed in the README.
package demo

import (
	"context"
	"errors"
	"fmt"

	"github.com/tablestakes/tablestakes/store"
)

// Password is the password of every demo account.
const Password = "tablestakes"

// Users returns the demo accounts: twelve players, the first eight enough for a league of
// the seed's size and all twelve for the demo's league of twelve (LargeLeagueName).
func Users() []store.NewUser {
	return []store.NewUser{
		{Username: "ada", DisplayName: "Ada Lovelace", Password: Password},
		{Username: "bruno", DisplayName: "Bruno Faidutti", Password: Password},
		{Username: "chloe", DisplayName: "Chloé Martin", Password: Password},
		{Username: "dmitri", DisplayName: "Dmitri Ivanov", Password: Password},
		{Username: "elena", DisplayName: "Elena Rossi", Password: Password},
		{Username: "farid", DisplayName: "Farid Haddad", Password: Password},
		{Username: "greta", DisplayName: "Greta Lindqvist", Password: Password},
		{Username: "hugo", DisplayName: "Hugo Moreau", Password: Password},
		{Username: "ines", DisplayName: "Inês Duarte", Password: Password},
		{Username: "jonas", DisplayName: "Jonas Weber", Password: Password},
		{Username: "kenji", DisplayName: "Kenji Sato", Password: Password},
		{Username: "lea", DisplayName: "Léa Fontaine", Password: Password},
	}
}

// Seed fills the database with the demo data when it has no accounts yet, and otherwise
// leaves it alone, so it is safe to run on every start. It reports whether it seeded.
// Later parts of the demo (leagues, results) go in the steps list below, each a function
// that receives the accounts created so far.
func Seed(ctx context.Context, st *store.Store) (bool, error) {
	n, err := st.UserCount(ctx)
	if err != nil {
		return false, fmt.Errorf("demo: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	accounts := Users()
	users := make([]store.User, 0, len(accounts))
	for _, nu := range accounts {
		u, err := st.CreateUser(ctx, nu)
		if errors.Is(err, store.ErrUsernameTaken) {
			// Another server started on the same database at the same moment and is seeding.
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("demo: %w", err)
		}
		users = append(users, u)
	}
	steps := []func(context.Context, *store.Store, []store.User) error{
		seedLeagues,
		seedResults,
		seedClubNights,
		seedSupercat,
		seedNormalGames,
		seedPrivateLeague,
		seedMembers,
		seedVersions,
		seedTable,
		seedReadyTables,
		seedLargeLeague,
		seedSeasons,
	}
	for _, step := range steps {
		if err := step(ctx, st, users); err != nil {
			return true, fmt.Errorf("demo: %w", err)
		}
	}
	return true, nil
}
