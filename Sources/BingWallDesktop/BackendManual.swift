/// What bingwall-backends(7) says of each backend beyond what its type tells: how it sets the
/// picture and, for a desktop, the session names that detect it. The registry's properties give
/// the rest (tools, needs, scope, modes); a test holds this table to the registry's names.
package enum BackendManual {
  /// How each backend sets the picture, by name, in a sentence or two.
  package static let sets: [String: String] = [
    "gnome":
      "GNOME and the desktops built on its settings (Unity, Budgie, Pop, Ubuntu): gsettings "
      + "org.gnome.desktop.background picture-uri and picture-uri-dark, read back; Budgie's and "
      + "Unity's lock screen through org.gnome.desktop.screensaver (GNOME Shell blurs the desktop "
      + "picture itself).",
    "cinnamon": "Cinnamon: gsettings org.cinnamon.desktop.background, read back.",
    "mate": "MATE: gsettings org.mate.background picture-filename, read back.",
    "deepin":
      "Deepin: gsettings of the GNOME schema its daemon mirrors, only where that schema is installed.",
    "xfce":
      "XFCE: xfconf-query on the xfce4-desktop channel, every monitor's and workspace's picture, "
      + "read back; works over the session bus, so from cron too.",
    "kde":
      "KDE Plasma: plasma-apply-wallpaperimage, else a script given to plasmashell over D-Bus "
      + "(other modes on older Plasma, several screens each with its own picture).",
    "cosmic":
      "COSMIC: cosmic-bg's settings files under $XDG_CONFIG_HOME/cosmic, written atomically, every "
      + "other key kept; cosmic-bg watches them.",
    "lxde": "LXDE: pcmanfm --set-wallpaper to the running pcmanfm --desktop, read back from its config.",
    "lxqt":
      "LXQt: pcmanfm-qt --set-wallpaper to the running pcmanfm-qt --desktop, read back from its settings.",
    "sway": "sway: swaymsg output * bg, read back from the swaybg sway starts.",
    "hyprland": "Hyprland: hyprctl hyprpaper wallpaper for every monitor hyprctl lists.",
    "wayfire":
      "Wayfire with wf-shell: the [background] image and fill_mode of wf-shell.ini, every other line "
      + "kept; wf-background reloads it.",
    "swaybg": "Starts a new swaybg, then stops the old one, so the screen never flashes grey.",
    "swww": "awww img (or swww img, its name before October 2025), read back from awww query.",
    "wpaperd":
      "wpaperctl set for every monitor wpaperd has, read back from its list; its own config keeps its modes.",
    "feh": "feh --bg-*, read back from ~/.fehbg.",
    "xwallpaper": "xwallpaper with the mode's flag, each output its own where there are several.",
    "nitrogen": "nitrogen --set-* --save, read back from its bg-saved.cfg.",
    "hsetroot": "hsetroot with the mode's flag.",
    "portal":
      "The XDG desktop portal's Wallpaper interface through gdbus, where the portal implements it "
      + "(its gnome and xapp backends do).",
    "command":
      "The command of config command, an argument template in which {path}, {uri} and {mode} are "
      + "replaced inside words; never run through a shell.",
    "none": "Sets nothing: bingwall keeps the history only.",
  ]

  /// The session names that detect a desktop's backend, as a phrase; absent for a backend that
  /// detection never names (the setters, the portal, command, none).
  package static let detectedBy: [String: String] = [
    "gnome": "XDG_CURRENT_DESKTOP naming GNOME, Unity, Budgie, Pop or ubuntu",
    "cinnamon": "XDG_CURRENT_DESKTOP naming X-Cinnamon",
    "mate": "XDG_CURRENT_DESKTOP naming MATE",
    "deepin": "XDG_CURRENT_DESKTOP naming Deepin or DDE, with its schema installed",
    "xfce": "XDG_CURRENT_DESKTOP naming XFCE",
    "kde": "XDG_CURRENT_DESKTOP naming KDE",
    "cosmic": "XDG_CURRENT_DESKTOP naming COSMIC",
    "lxde": "XDG_CURRENT_DESKTOP naming LXDE",
    "lxqt": "XDG_CURRENT_DESKTOP naming LXQt",
    "sway": "XDG_CURRENT_DESKTOP naming sway (or none at all), with sway's socket found",
    "hyprland": "HYPRLAND_INSTANCE_SIGNATURE",
    "wayfire": "XDG_CURRENT_DESKTOP naming wayfire, with wf-shell installed",
  ]
}
