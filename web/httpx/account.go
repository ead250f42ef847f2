package httpx

import (
	"context"
	"strings"

	"github.com/tablestakes/tablestakes/store"
)

// RenameAccount gives the user the display name as typed, trimmed and checked as at
// sign-up, for the account page and the API alike; a bad name is a *store.Invalid naming
// display_name.
func (h *Server) RenameAccount(ctx context.Context, user store.User, typed string) (store.User, error) {
	name := strings.TrimSpace(typed)
	if msg := TextProblem(name, displayNameMax, true); msg != "" {
		return store.User{}, &store.Invalid{Reason: "display_name: " + msg}
	}
	return h.Store.UpdateDisplayName(ctx, user.ID, name)
}

// ReplacePassword changes the user's password, for the account page and the API alike:
// the current one is required and the new one checked (passwordProblem). A refusal is a
// *store.Invalid naming its field; a wrong current password is store.ErrWrongPassword.
func (h *Server) ReplacePassword(ctx context.Context, user store.User, current, next string) (store.User, error) {
	if current == "" {
		return store.User{}, &store.Invalid{Reason: "current_password: required"}
	}
	if msg := PasswordProblem(next, user.Username, user.DisplayName); msg != "" {
		return store.User{}, &store.Invalid{Reason: "new_password: " + msg}
	}
	return h.Accounts.ChangePassword(ctx, user.ID, current, next)
}
