package service

import (
	"context"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/text"
)

// SignUp stores a new account, checked by its caller with account.CheckSignup (the form
// shows every field's problem at once). A username already used in any letter case is
// store.ErrUsernameTaken.
func (s *Accounts) SignUp(ctx context.Context, u store.NewUser) (store.User, error) {
	return s.store.CreateUser(ctx, u)
}

// Rename gives the user the display name as typed, normalised (text.Name) and checked as
// at sign-up (account.DisplayNameProblem), for the account page and the API alike; a bad
// name is a *store.Invalid naming display_name, said in l, and changes nothing.
func (s *Accounts) Rename(ctx context.Context, l locales.Lang, user store.User, typed string) (store.User, error) {
	name := text.Name(typed)
	if msg := account.DisplayNameProblem(l, name); msg != "" {
		return store.User{}, &store.Invalid{Reason: "display_name: " + msg}
	}
	return s.store.UpdateDisplayName(ctx, user.ID, name)
}

// ReplacePassword changes the user's password, for the account page and the API alike:
// the current one is required and the new one checked (account.PasswordProblem). A refusal
// is a *store.Invalid naming its field; a wrong current password is store.ErrWrongPassword.
func (s *Accounts) ReplacePassword(ctx context.Context, l locales.Lang, user store.User, current, next string) (store.User, error) {
	if current == "" {
		return store.User{}, ErrCurrentPasswordRequired
	}
	if msg := account.PasswordProblem(l, next, user.Username, user.DisplayName); msg != "" {
		return store.User{}, &store.Invalid{Reason: "new_password: " + msg}
	}
	return s.ChangePassword(ctx, user.ID, current, next)
}

// RevokeAPIToken ends one of the user's API tokens; another account's token, or an unknown
// one, is store.ErrNotFound.
func (s *Accounts) RevokeAPIToken(ctx context.Context, userID, tokenID int64) error {
	return s.store.RevokeAPIToken(ctx, userID, tokenID)
}
