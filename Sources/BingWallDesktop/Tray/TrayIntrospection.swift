/// What `Introspect` answers for the item's and the menu's objects: the interfaces as their
/// specifications give them, for tools that look before they call (busctl, d-feet, some hosts).
enum TrayIntrospection {
  static func xml(for path: String) -> String? {
    switch path {
    case "/": return node(children: ["StatusNotifierItem", "MenuBar"])
    case DesktopFace.itemPath: return node(item)
    case DesktopFace.menuPath: return node(menu)
    default: return nil
    }
  }

  private static func node(_ interface: String = "", children: [String] = []) -> String {
    """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    <node>
     <interface name="org.freedesktop.DBus.Introspectable">
      <method name="Introspect"><arg name="xml" type="s" direction="out"/></method>
     </interface>
     <interface name="org.freedesktop.DBus.Properties">
      <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
      <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
     </interface>
    \(interface)\(children.map { " <node name=\"\($0)\"/>\n" }.joined())</node>

    """
  }

  private static let item = interface(
    DesktopFace.itemInterface, properties: DesktopFace.itemProperties,
    members: """
        <method name="ContextMenu"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
        <method name="Activate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
        <method name="SecondaryActivate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
        <method name="Scroll"><arg name="delta" type="i" direction="in"/><arg name="orientation" type="s" direction="in"/></method>
        <signal name="NewTitle"/>
        <signal name="NewIcon"/>
        <signal name="NewToolTip"/>
        <signal name="NewStatus"><arg name="status" type="s"/></signal>

      """)

  private static let menu = interface(
    DesktopFace.menuInterface, properties: DesktopFace.menuProperties,
    members: """
        <method name="GetLayout"><arg type="i" name="parentId" direction="in"/><arg type="i" name="recursionDepth" direction="in"/><arg type="as" name="propertyNames" direction="in"/><arg type="u" name="revision" direction="out"/><arg type="(ia{sv}av)" name="layout" direction="out"/></method>
        <method name="GetGroupProperties"><arg type="ai" name="ids" direction="in"/><arg type="as" name="propertyNames" direction="in"/><arg type="a(ia{sv})" name="properties" direction="out"/></method>
        <method name="GetProperty"><arg type="i" name="id" direction="in"/><arg type="s" name="name" direction="in"/><arg type="v" name="value" direction="out"/></method>
        <method name="Event"><arg type="i" name="id" direction="in"/><arg type="s" name="eventId" direction="in"/><arg type="v" name="data" direction="in"/><arg type="u" name="timestamp" direction="in"/></method>
        <method name="EventGroup"><arg type="a(isvu)" name="events" direction="in"/><arg type="ai" name="idErrors" direction="out"/></method>
        <method name="AboutToShow"><arg type="i" name="id" direction="in"/><arg type="b" name="needUpdate" direction="out"/></method>
        <method name="AboutToShowGroup"><arg type="ai" name="ids" direction="in"/><arg type="ai" name="updatesNeeded" direction="out"/><arg type="ai" name="idErrors" direction="out"/></method>
        <signal name="ItemsPropertiesUpdated"><arg type="a(ia{sv})" name="updatedProps"/><arg type="a(ias)" name="removedProps"/></signal>
        <signal name="LayoutUpdated"><arg type="u" name="revision"/><arg type="i" name="parent"/></signal>
        <signal name="ItemActivationRequested"><arg type="i" name="id"/><arg type="u" name="timestamp"/></signal>

      """)

  /// One interface: its read-only properties, as `Get` and `GetAll` answer them, then its
  /// methods and signals.
  private static func interface(_ name: String, properties: [DesktopFace.Property], members: String) -> String
  {
    " <interface name=\"\(name)\">\n"
      + properties.map { "  <property name=\"\($0.name)\" type=\"\($0.type)\" access=\"read\"/>\n" }.joined()
      + members + " </interface>\n"
  }
}
