/// The names `backend` may take in config and on the command line.
///
/// The backends themselves arrive with the desktop issue; the names are part of the config
/// contract now so that a config file written today stays valid.
package enum BackendNames {
  package static let all: [String] = [
    "auto", "gnome", "cinnamon", "mate", "deepin", "xfce", "kde", "lxde", "lxqt", "sway", "hyprland",
    "swww", "swaybg", "feh", "xwallpaper", "nitrogen", "hsetroot", "command", "none",
  ]
}
