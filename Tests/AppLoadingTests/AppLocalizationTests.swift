import AppLoading
import Foundation
import MediaAppKit
import SiriIntents
import Testing
import WorkoutAppKit

/// An app's `localizations`: checked like the rest of the file, and applied when the
/// app is built for a locale (its workouts' names, its special playlists' titles).
struct AppLocalizationTests {
  static let climbing = """
    {"name": "Crag", "intents": ["StartWorkout", "EndWorkout"],
     "workouts": [{"id": "wall", "name": "wall climb", "synonyms": ["top rope"]}, {"id": "boulder", "name": "boulder climb"}],
     "ambiguousWorkoutNames": ["climb"],
     "localizations": {LOCALIZATIONS}}
    """

  static func climbing(_ localizations: String) -> String {
    climbing.replacingOccurrences(of: "{LOCALIZATIONS}", with: localizations)
  }

  @Test func aWorkoutAppSpeaksTheLanguageItIsBuiltFor() throws {
    let blueprint = try AppFileTests.check(
      Self.climbing(#"{"zh-CN": {"workouts": [{"id": "wall", "name": "墙面攀岩", "synonyms": ["顶绳攀岩"]}], "ambiguousWorkoutNames": ["攀岩"]}}"#))
    let store = AppGroupStore(identifier: "test")
    let chinese = try #require(blueprint.makeApp(store: store, device: .phone, locale: "zh-CN") as? WorkoutApp)
    #expect(chinese.profile.kinds.map(\.name) == ["墙面攀岩", "boulder climb"])
    // Heard by its names in both languages; the names there are fit every workout.
    #expect(chinese.profile.kind(named: "顶绳攀岩")?.id == "wall")
    #expect(chinese.profile.kind(named: "top rope")?.id == "wall")
    #expect(chinese.profile.kind(named: "户外墙面攀岩")?.id == "wall")
    #expect(chinese.profile.matching("攀岩").map(\.id) == ["wall", "boulder"])
    #expect(chinese.profile.ambiguousNames.first == "climb")
    // zh_cn and zh name it too; English, and a locale it has nothing for, get the file's names.
    #expect((blueprint.makeApp(store: store, device: .phone, locale: "zh_cn") as? WorkoutApp)?.profile.kinds.first?.name == "墙面攀岩")
    #expect((blueprint.makeApp(store: store, device: .phone, locale: "en-US") as? WorkoutApp)?.profile.kinds.first?.name == "wall climb")
    #expect((blueprint.makeApp(store: store, device: .phone, locale: "fr-FR") as? WorkoutApp)?.profile.kinds.first?.name == "wall climb")
  }

  @Test func aMediaAppTitlesItsSpecialPlaylistsInTheLanguage() throws {
    let text = AppFileTests.harbor(extra: #"""
       "specials": [{"phrases": ["favorites"], "kind": "favorites"}],
       "localizations": {"zh": {"spokenNames": ["港湾音乐"], "specialTitles": {"favorites": "我喜欢的音乐"}}},
      """#)
    let blueprint = try AppFileTests.check(text)
    #expect(blueprint.localization(for: "zh-CN")?.specialTitles["favorites"] == "我喜欢的音乐")
    #expect(blueprint.localization(for: "zh-CN")?.spokenNames == ["港湾音乐"])
    #expect(blueprint.localization(for: "en-US") == nil)
  }

  @Test(arguments: [
    (#"{"chinese": {}}"#, #"harbor.json: error: localizations.chinese: "chinese" is not a locale; expected a name such as zh-CN or fr-FR"#),
    (#"{"zh-CN": {"workouts": [{"id": "rope", "name": "绳"}]}}"#, #"harbor.json: error: localizations.zh-CN.workouts[0].id: no workout has the id "rope""#),
    (#"{"zh-CN": {"workouts": [{"id": "wall", "name": " "}]}}"#, "harbor.json: error: localizations.zh-CN.workouts[0].name: must not be empty"),
    (
      #"{"zh-CN": {"workouts": [{"id": "wall", "name": "攀岩"}], "ambiguousWorkoutNames": ["攀岩"]}}"#,
      #"harbor.json: error: localizations.zh-CN.workouts[0].name: "攀岩" is also in ambiguousWorkoutNames; a name belongs to one workout, or to ambiguousWorkoutNames"#
    ),
    (
      #"{"zh-CN": {"workouts": [{"id": "wall", "name": "墙"}, {"id": "boulder", "name": "石", "synonyms": ["墙"]}]}}"#,
      #"harbor.json: error: localizations.zh-CN.workouts[1].synonyms[0]: "墙" is also a name of the workout "wall"; a name belongs to one workout, or to ambiguousWorkoutNames"#
    ),
    (#"{"zh-CN": {"specialTitles": {"favorites": "收藏"}}}"#, #"harbor.json: error: localizations.zh-CN.specialTitles: is for media apps; remove it or change "kind""#),
  ])
  func mistakesInAWorkoutAppsLocalizations(localizations: String, message: String) {
    #expect(AppFileTests.problems(Self.climbing(localizations)) == [message])
  }

  @Test func mistakesInAMediaAppsLocalizations() {
    let workouts = AppFileTests.harbor(extra: #" "localizations": {"zh-CN": {"workouts": [{"id": "wall", "name": "墙面攀岩"}]}},"#)
    #expect(AppFileTests.problems(workouts) == [#"harbor.json: error: localizations.zh-CN.workouts: is for workout apps; remove it or change "kind""#])
    let titles = AppFileTests.harbor(extra: #" "localizations": {"zh-CN": {"specialTitles": {"flow": "心流", "favorites": ""}}},"#)
    #expect(
      AppFileTests.problems(titles) == [
        "harbor.json: error: localizations.zh-CN.specialTitles.favorites: must not be empty",
        "harbor.json: error: localizations.zh-CN.specialTitles.flow: is not a kind of special playlist; expected favorites or newReleases",
      ])
    let typo = AppFileTests.harbor(extra: #" "localizations": {"zh-CN": {"spokenName": ["港湾"]}},"#)
    let warnings = (try? AppFileTests.check(typo))?.warnings ?? []
    #expect(warnings.count == 1 && warnings[0].contains("spokenName: unknown key, ignored; did you mean \"spokenNames\"?"), "\(warnings)")
  }

  /// The sample apps ship Chinese: Ascent's workouts, Deezer's special playlists.
  @Test func theSampleAppsAreLocalizedForChinese() throws {
    let store = AppGroupStore(identifier: "test")
    let apps = try InstalledApps.load().makeApps(store: store, device: .phone, locale: "zh-CN")
    let ascent = try #require(apps.first { $0.name == "Ascent" } as? WorkoutApp)
    #expect(ascent.profile.kinds.map(\.name) == ["墙面攀岩", "抱石"])
    #expect(ascent.vocabulary().contains { $0.type == .workoutActivityName && $0.phrases.contains("攀岩") && $0.value == "climbing" })
    let deezer = try #require(SampleApps.blueprint(named: "Deezer"))
    #expect(deezer.localization(for: "zh-CN")?.specialTitles == ["favorites": "我喜欢的音乐", "newReleases": "新歌速递"])
  }
}
