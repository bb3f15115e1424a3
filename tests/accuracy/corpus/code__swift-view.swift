import SwiftUI

struct ContentView: View {
    @State private var count = 0

    var body: some View {
        VStack(spacing: 12) {
            Text("Count: \(count)")
                .font(.title)
            Button("Increment") {
                count += 1
            }
        }
        .padding()
    }
}

func greet(_ name: String) -> String {
    return "Hello, \(name)!"
}
