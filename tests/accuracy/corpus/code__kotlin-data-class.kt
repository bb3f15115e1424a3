package com.example.notes

import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map

data class Note(val id: Long, val title: String, val body: String)

class NoteRepository(private val dao: NoteDao) {
    fun observe(): Flow<List<Note>> = dao.all().map { rows -> rows.map { it.toNote() } }

    suspend fun add(title: String, body: String) {
        dao.insert(NoteEntity(title = title, body = body))
    }
}
