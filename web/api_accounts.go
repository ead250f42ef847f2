package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
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
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	nu := store.NewUser{Username: body.Username, DisplayName: body.DisplayName, Password: body.Password}
	if errs := validateSignup(&nu); len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstFieldError(errs))
	}
	if ok, err := h.allowSignup(c); err != nil || !ok {
		if err != nil {
			return err
		}
		return echo.NewHTTPError(http.StatusTooManyRequests, msgTooManySignups)
	}
	user, err := h.store.CreateUser(c.Request().Context(), nu)
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
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	if body.Username == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
	}
	if body.Password == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "password: required")
	}
	ctx := c.Request().Context()
	user, err := h.authenticate(c, body.Username, body.Password)
	if err != nil {
		return err // ErrBadCredentials is 401 through the error handler, errTooManyLogins 429
	}
	token, err := h.store.CreateAPIToken(ctx, user.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"token": token})
}

// apiMe returns the caller's account: GET /api/v1/me.
func (h *Handler) apiMe(c echo.Context) error {
	user, _ := currentUser(c) // requireAPIUser guarantees it
	return c.JSON(http.StatusOK, apiUser{ID: user.ID, Username: user.Username, DisplayName: user.DisplayName})
}
