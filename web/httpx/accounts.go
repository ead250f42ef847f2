package httpx

import (
	"context"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/text"
)

// RenameAccount gives the user the display name as typed, normalised (text.Name) and
// checked as at sign-up (account.DisplayNameProblem), for the account page and the API alike; a bad name is a *store.Invalid naming
// display_name.
func (h *Server) RenameAccount(ctx context.Context, user store.User, typed string) (store.User, error) {
	name := text.Name(typed)
	if msg := account.DisplayNameProblem(locales.Default(), name); msg != "" {
		return store.User{}, &store.Invalid{Reason: "display_name: " + msg}
	}
	return h.Store.UpdateDisplayName(ctx, user.ID, name)
}

// ReplacePassword changes the user's password, for the account page and the API alike:
// the current one is required and the new one checked (account.PasswordProblem). A refusal is a
// *store.Invalid naming its field; a wrong current password is store.ErrWrongPassword.
func (h *Server) ReplacePassword(ctx context.Context, user store.User, current, next string) (store.User, error) {
	if current == "" {
		return store.User{}, &store.Invalid{Reason: "current_password: required"}
	}
	if msg := account.PasswordProblem(locales.Default(), next, user.Username, user.DisplayName); msg != "" {
		return store.User{}, &store.Invalid{Reason: "new_password: " + msg}
	}
	return h.Accounts.ChangePassword(ctx, user.ID, current, next)
}
