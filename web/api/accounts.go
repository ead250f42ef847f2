package api

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiUser is an account as the API shows it.
type apiUser struct {
	ID          int64  `json:"id"`
	Username    string `json:"username"`
	DisplayName string `json:"display_name"`
}

// apiSignup creates an account: POST /api/v1/signup {"username","display_name","password"}
// → 201 with the account. A bad field is 422 naming it; a taken username is 409.
func (h *Handler) apiSignup(c echo.Context) error {
	var body struct {
		Username    string `json:"username"`
		DisplayName string `json:"display_name"`
		Password    string `json:"password"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	nu := store.NewUser{Username: body.Username, DisplayName: body.DisplayName, Password: body.Password}
	signup := account.Signup(nu)
	errs := account.CheckSignup(locales.Default(), &signup)
	if nu = store.NewUser(signup); len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, fieldErrorsText(errs))
	}
	if ok, err := h.AllowSignup(c); err != nil || !ok {
		if err != nil {
			return err
		}
		return h.ErrTooManySignups()
	}
	user, err := h.Accounts.SignUp(c.Request().Context(), nu)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, apiUser{ID: user.ID, Username: user.Username, DisplayName: user.DisplayName})
}

// apiLogin exchanges a username and password for a bearer token: POST /api/v1/login
// {"username","password"} → 200 {"token"}; 401 on bad credentials, 429 when rate limited.
func (h *Handler) apiLogin(c echo.Context) error {
	var body struct {
		Username string `json:"username"`
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	if body.Username == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
	}
	if body.Password == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "password: required")
	}
	ctx := c.Request().Context()
	user, err := h.Authenticate(c, body.Username, body.Password)
	if err != nil {
		return err // ErrBadCredentials is 401 through the error handler, a *RateLimited 429
	}
	token, err := h.Accounts.CreateAPIToken(ctx, user.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"token": token})
}

// apiMe returns the caller's account: GET /api/v1/me.
func (h *Handler) apiMe(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	return c.JSON(http.StatusOK, apiUser{ID: user.ID, Username: user.Username, DisplayName: user.DisplayName})
}

// apiUpdateMe changes the caller's display name: PATCH /api/v1/me {"display_name"} → 200
// with the account.
func (h *Handler) apiUpdateMe(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	var body struct {
		DisplayName string `json:"display_name"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	updated, err := h.Accounts.Rename(c.Request().Context(), locales.Default(), user, body.DisplayName)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiUser{ID: updated.ID, Username: updated.Username, DisplayName: updated.DisplayName})
}

// apiChangePassword replaces the caller's password: POST /api/v1/me/password
// {"current_password","new_password"} → 204. Every web session and API token of the
// account ends, the caller's included: log in again.
func (h *Handler) apiChangePassword(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	var body struct {
		Current string `json:"current_password"`
		New     string `json:"new_password"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	if _, err := h.Accounts.ReplacePassword(c.Request().Context(), locales.Default(), user, body.Current, body.New); err != nil {
		return err // ErrWrongPassword is 422 through the error handler
	}
	return c.NoContent(http.StatusNoContent)
}

// apiToken is an API token as GET /api/v1/me/tokens lists it.
type apiToken struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	CreatedAt  time.Time  `json:"created_at"`
	ExpiresAt  time.Time  `json:"expires_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
}

// apiTokens lists the caller's live API tokens: GET /api/v1/me/tokens.
func (h *Handler) apiTokens(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	tokens, err := h.Accounts.APITokens(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	out := make([]apiToken, 0, len(tokens))
	for _, t := range tokens {
		out = append(out, apiToken(t))
	}
	return c.JSON(http.StatusOK, out)
}

// apiRevokeToken ends one of the caller's API tokens: DELETE /api/v1/me/tokens/{id} → 204.
func (h *Handler) apiRevokeToken(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	id, err := httpx.PathTokenID(c)
	if err != nil {
		return err
	}
	if err := h.Accounts.RevokeAPIToken(c.Request().Context(), user.ID, id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// apiDeleteMe deletes the caller's account: DELETE /api/v1/me {"password"} → 204. As on
// the account page, personal data is erased and the results stay under "former player N".
func (h *Handler) apiDeleteMe(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	var body struct {
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	if body.Password == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "password: required")
	}
	err := h.Accounts.DeleteAccount(c.Request().Context(), user.ID, body.Password)
	if errors.Is(err, store.ErrWrongPassword) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "password: incorrect")
	}
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// apiNotifications answers the caller's notification choices: GET /api/v1/me/notifications
// → 200 {"schedule_drawn": true, "result_recorded": true, ...}, every kind.
func (h *Handler) apiNotifications(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	prefs, err := h.Store.NotificationPrefs(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, prefs)
}

// apiSetNotifications changes some of the caller's choices: PUT /api/v1/me/notifications
// {"game_soon": false} → 200 with every kind. An unknown kind is 422 and changes nothing.
func (h *Handler) apiSetNotifications(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	var given map[string]*bool
	if err := httpx.DecodeJSON(c, &given); err != nil {
		return err
	}
	prefs := make(map[string]bool, len(given))
	for kind, on := range given {
		if on == nil {
			return echo.NewHTTPError(http.StatusBadRequest, kind+": must be true or false, got null")
		}
		prefs[kind] = *on
	}
	if err := h.Accounts.SetNotificationPrefs(c.Request().Context(), user.ID, prefs); err != nil {
		return err
	}
	return h.apiNotifications(c)
}

// fieldErrorsText renders every failing field as "field: message", in form order joined by
// "; ", for the API's {"error": ...}: a sign-up learns all its problems at once.
func fieldErrorsText(errs templates.FieldErrors) string {
	var parts []string
	for _, f := range []string{"username", "display_name", "password"} { // form order
		if msg, ok := errs[f]; ok {
			parts = append(parts, f+": "+msg)
		}
	}
	return strings.Join(parts, "; ")
}
